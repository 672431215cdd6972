"""``python -m navcomp``: the ``navcomp`` command."""

import sys

from navcomp.commands.cli import main

sys.exit(main())
