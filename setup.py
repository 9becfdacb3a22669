"""Packages: everything under izvori_rules/, plus the top-level corpus/ folder shipped as izvori_rules/_corpus
(pyproject's `packages.find` cannot see a package mapped from another folder)."""

from setuptools import find_packages, setup

setup(packages=find_packages(include=["izvori_rules", "izvori_rules.*"]) + ["izvori_rules._corpus"])
