"""The site's pages as Markdown, rendered from the database.

Never imports MkDocs: these modules turn rows into Markdown, pictures and data
files; ``wythoff.website.sitebuild`` stages them with the hand-written sources of
``site/`` and runs MkDocs, drawing the entry pages' pictures (``figures``) and
publishing the files beside the pages (``downloads``).  ``paths`` owns every URL;
:class:`SiteError` is any reason the site cannot be built.
"""


class SiteError(RuntimeError):
    """The site cannot be built (one line saying why and what to do)."""
