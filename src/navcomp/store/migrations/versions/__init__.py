"""The migrations, each frozen once released: they import nothing of navcomp."""
