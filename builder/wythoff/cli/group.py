"""The ``wythoff`` command group: commands imported on first use, and every
command's words checked before click parses them.

Commands are listed by name and ``module:attribute`` and imported only when
run or listed (click's documented lazy-loading pattern), so that ``wythoff
terms`` pays for its own module, not for every command's.

Click takes the word after an option that needs a value as that value, even a
word that is itself an option: ``wythoff site --output --no-such-flag`` would
build into a directory named ``--no-such-flag``.  :func:`check_words` refuses
that, and any option the command does not have, for every command at once;
a negative number (``--start -5``) is a value, not an option.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence

import click


class LazyGroup(click.Group):
    """A group whose commands are imported on first use; see the module's docstring."""

    def __init__(self, *args: object, lazy: Mapping[str, str], **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.lazy = dict(lazy)  # {name: "module:attribute"}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy and cmd_name not in self.commands:
            module, attribute = self.lazy[cmd_name].split(":")
            self.add_command(getattr(importlib.import_module(module), attribute), cmd_name)
        return super().get_command(ctx, cmd_name)

    def every_command(self) -> dict[str, click.Command]:
        """Every command by name, all imported (for ``--help`` pages and tests)."""
        with click.Context(self, info_name="wythoff") as ctx:
            found = {name: self.get_command(ctx, name) for name in self.list_commands(ctx)}
        return {name: command for name, command in found.items() if command is not None}

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        name, command, rest = super().resolve_command(ctx, args)
        if command is not None:
            check_words(click.Context(command, info_name=name, parent=ctx), rest)
        return name, command, rest


def is_option(word: str) -> bool:
    """Whether ``word`` reads as an option: a dash, not alone, not a number's sign."""
    return word.startswith("-") and word != "-" and not word[1:2].isdigit()


def check_words(ctx: click.Context, words: Sequence[str]) -> None:
    """Refuse an option ``ctx.command`` does not have, and an option given where
    the previous option needs its value (click's usage errors: one line, status 2)."""
    options = [p for p in ctx.command.get_params(ctx) if isinstance(p, click.Option)]
    known = {name for option in options for name in (*option.opts, *option.secondary_opts)}
    arity = {
        name: option.nargs
        for option in options
        if not option.is_flag and not option.count
        for name in option.opts
    }
    remaining = iter(words)
    for word in remaining:
        if word == "--":  # what follows are arguments, whatever they look like
            return
        if not is_option(word):
            continue
        name, given_inline = word.split("=", 1)[0], "=" in word
        if name not in known:
            import difflib  # only for the error

            close = difflib.get_close_matches(name, sorted(known))
            raise click.NoSuchOption(name, possibilities=close, ctx=ctx)
        for _ in range(0 if given_inline else arity.get(name, 0)):
            value = next(remaining, None)
            if value is not None and is_option(value):
                raise click.BadOptionUsage(
                    name, f"option {name} needs a value, not the option {value!r}", ctx=ctx
                )
