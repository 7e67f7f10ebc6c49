"""The site's pages as Markdown, rendered from the database.

Never imports MkDocs: these modules turn rows into Markdown, pictures and data
files; ``wythoff.website.sitebuild`` stages them with the hand-written sources of
``site/`` and runs MkDocs.  ``paths`` owns every URL.
"""
