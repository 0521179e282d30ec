"""A closer look at one document: the side-by-side compare dialog and its saved sources page."""
