import sys

from handrank._cli import main

sys.exit(main())
