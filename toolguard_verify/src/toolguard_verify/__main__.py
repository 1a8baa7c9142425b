"""`python -m toolguard_verify`: the toolguard-verify command."""

import sys

from toolguard_verify.cli import main

sys.exit(main())
