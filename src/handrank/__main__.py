import sys

from handrank._cli import main

if __name__ == "__main__":  # not when a worker process of ``handrank table`` imports it
    sys.exit(main())
