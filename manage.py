#!/usr/bin/env python
import os
import sys


def main() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "toolguard.settings")
    from django.core.management import execute_from_command_line

    try:
        execute_from_command_line(sys.argv)
    except Exception as exc:
        # A catalog that cannot load is the YAML author's to fix: one line naming
        # the file, the line, the tool and the rule says all of it. A setting the
        # environment got wrong is one line too: the setting, the problem, an example.
        from django.core.exceptions import ImproperlyConfigured

        from core.catalog import CatalogError

        if isinstance(exc, ImproperlyConfigured) and not isinstance(exc, CatalogError):
            sys.stderr.write(f"toolguard: ImproperlyConfigured: {exc}\n")
            sys.exit(2)
        if not isinstance(exc, CatalogError):
            raise
        sys.stderr.write(f"toolguard: {exc}\n")
        sys.exit(2)


if __name__ == "__main__":
    main()
