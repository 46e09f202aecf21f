/*
 * The one process-wide choice of batch kernel, and what this CPU offers.
 *
 * The SIMD files (evaluate_simd.c, omaha_simd.c) read the choice once per
 * batch call; nothing here calls them.
 */
#include "handrank.h"
#include "internal.h"

#ifdef HR_HAVE_AVX512
static int cpu_has_avx512(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vbmi") &&
           __builtin_cpu_supports("avx512vpopcntdq") && __builtin_cpu_supports("avx512vnni") &&
           __builtin_cpu_supports("avx512bitalg") && __builtin_cpu_supports("gfni") && __builtin_cpu_supports("bmi2");
}
#endif

#ifdef HR_HAVE_AVX2
static int cpu_has_avx2(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2");
}
#endif

/* The kernel in use, set by handrank_simd_use, read by every batch call (the C core's other mutable globals,
   how the AVX2 kernel hashes and whether its masks use AVX-VNNI, live beside that kernel in evaluate_simd.c). */
static enum handrank_simd active = HANDRANK_SIMD_SCALAR;

unsigned handrank_simd_available(void) {
    unsigned kernels = 1u << HANDRANK_SIMD_SCALAR;
#ifdef HR_HAVE_NEON
    kernels |= 1u << HANDRANK_SIMD_NEON;
#endif
#ifdef HR_HAVE_AVX512
    if (cpu_has_avx512())
        kernels |= 1u << HANDRANK_SIMD_AVX512;
#endif
#ifdef HR_HAVE_AVX2
    if (cpu_has_avx2())
        kernels |= 1u << HANDRANK_SIMD_AVX2;
#endif
    return kernels;
}

int handrank_simd_use(enum handrank_simd kernel) {
    if ((unsigned)kernel > HANDRANK_SIMD_NEON || !(handrank_simd_available() >> kernel & 1))
        return -1;
    active = kernel;
    return 0;
}

enum handrank_simd handrank_simd_active(void) { return active; }

