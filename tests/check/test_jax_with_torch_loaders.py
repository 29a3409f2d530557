"""`oomdoctor check` on JAX scripts that import torch only for its data utilities (a DataLoader, a Dataset):
JAX keeps no autograd tape, so a network run by name in evaluation (apply_net(params, x), model(params, x)) is not
a PyTorch pass saving activations; a script that computes with torch is still judged as one."""
import textwrap

import pytest

from oomdoctor.check import check_source


def rules(tmp_path, source: str, name: str = "fit_operator.py") -> list[tuple[int, str]]:
    script = tmp_path / name
    script.write_text(textwrap.dedent(source))
    return [(f.line, f.rule) for f in check_source(script) if f.rule == "eval-without-no-grad"]


EVAL_IN_FUNCTION = """\
    import jax
    import jax.numpy as jnp
    {loader_import}
    from operator_nets import model


    def test_error(params, test_loader):
        errors = []
        for inputs, targets in test_loader:
            pred = model(params, inputs)
            errors.append(jnp.mean((pred - targets) ** 2))
        return errors
"""

EVAL_IN_CLASS = """\
    import jax.numpy as jnp
    import optax
    {loader_import}
    from nets import apply_net


    class Runner:
        def __init__(self, params, val_set):
            self.params = params
            self.val_set = val_set

        def validate(self):
            self.network_eval = []
            for u, y, s in self.val_set:
                s_pred = apply_net(self.params, u, y)
                self.network_eval.append(jnp.linalg.norm(s - s_pred))
            return self.network_eval
"""


@pytest.mark.parametrize("source", [EVAL_IN_FUNCTION, EVAL_IN_CLASS])
@pytest.mark.parametrize("loader_import", [
    "from torch.utils.data import DataLoader",
    "from torch.utils import data",
    "import torch.utils.data as tud",
    "from torch.utils.data.dataloader import default_collate",
])
def test_jax_model_beside_torch_loaders_is_no_torch_pass(tmp_path, source, loader_import):
    assert rules(tmp_path, source.format(loader_import=loader_import)) == []


def test_jax_beside_torch_itself_is_still_judged(tmp_path):
    # torch named beside JAX (torch.cat, a torch model): the pass may be PyTorch's
    source = EVAL_IN_FUNCTION.format(loader_import="import torch\n    from torch.utils.data import DataLoader")
    source = source.replace("jnp.mean((pred - targets) ** 2)", "torch.mean((pred - targets) ** 2)")
    assert rules(tmp_path, source) == [(11, "eval-without-no-grad")]


def test_torch_script_without_jax_is_still_judged(tmp_path):
    source = EVAL_IN_FUNCTION.format(loader_import="from torch.utils.data import DataLoader")
    source = source.replace("import jax\n    import jax.numpy as jnp\n", "import numpy as jnp\n")
    assert rules(tmp_path, source) == [(9, "eval-without-no-grad")]
