"""Renderers take result objects and never compute anything."""
