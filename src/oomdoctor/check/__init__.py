"""Static checks of a training script: each finding points at a line, says why it costs memory, and the fix.

The script is parsed with ``ast``, never run. A small data-flow pass (``Flow``) follows values
through the script's own functions (arguments and return values), its classes (``self.images`` set
in one method, read in another) and the local modules it imports from its own folder, so that a
rule sees that ``self.images`` holds every decoded file, or that ``loss`` still carries its
autograd graph. The flow records what it saw (a whole file loaded, a copy made, a forward pass,
a tensor kept across steps) with the context it happened in (a loop over batches, a
``torch.no_grad()`` block, a ``__getitem__`` that runs once per element); every rule in ``RULES``
reads those records, or the syntax tree itself, and yields findings.

Findings are of two kinds: ``memory`` (what makes the script run out of memory) and
``throughput`` (advice on speed or precision that does not change what memory holds), so that the
second never hides the first.

The modules, in reading order; each imports only from those above it:

- ``names``: dotted names as written and as imported, and the words identifiers are made of
- ``modules``: the script and the local modules it imports (``Module``, ``FunctionInfo``, ``ClassInfo``)
- ``values``: what a name holds (``Data``, ``Item``, ``Tensor``, ``Model``...), and the size of held data
- ``library``: tables of library calls (whole-file loaders, decoders, listings, copies)
- ``public_datasets``: public data sets a script's paths name (GTZAN, FER-2013), and their sizes
- ``context``: where code runs (``Context``), what the flow saw there (``Seen``), the names in scope
- ``handlers``: what methods and library calls give (``CallHandlers``, which ``Flow`` inherits)
- ``flow``: ``Flow``, which runs the script's statements and expressions round after round
- ``script``: ``Script``, the script as the rules see it, and ``Finding``
- ``rules_data``, ``rules_torch``, ``rules_keras``: the rules, by family
- ``path_strings``: a path's text as the script spells it, names followed to their strings
- ``word_vectors``: published word-vector files (GloVe 840B, GoogleNews) read whole, and their sizes
- ``public_tables``: published tables (a competition's train.csv) read whole by pandas, and their sizes
- ``rules``: ``RULES``, ``check_source`` and ``check_script`` (the findings with the data sets the script names)

To see what the check finds, start at ``rules`` and a rule family; to see how, read from ``names`` down.
"""

from __future__ import annotations

from .rules import RULES, Checked, check_script, check_source
from .script import Finding, FindingKind, Script

__all__ = ["Checked", "Finding", "FindingKind", "RULES", "Script", "check_script", "check_source"]
