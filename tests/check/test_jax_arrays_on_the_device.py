"""`oomdoctor check` on a JAX script that makes its whole training set a JAX array: jnp.array, jnp.asarray and
jax.device_put place it on JAX's default device, the GPU where JAX has one, for the whole run (check_heldout128's
Flax and Haiku scripts). Small scripts written here."""
import pytest

from oomdoctor.check import check_source


def _findings(tmp_path, source: str, rule: str) -> list:
    script = tmp_path / "train.py"
    script.write_text(source)
    return [f for f in check_source(script) if f.rule == rule]


SCRIPT = ("import jax\nimport jax.numpy as jnp\nimport numpy as np\nimport optax\n\n"
          "x_train = np.load('celeba_train.npy').astype(np.float32) / 255.0\ny_train = np.load('celeba_labels.npy')\n"
          "images = {move}\nlabels = jnp.array(y_train)\nparams = init_params(jax.random.PRNGKey(0))\n"
          "opt = optax.adam(1e-3)\nstate = opt.init(params)\nfor epoch in range(10):\n"
          "    for i in range(0, len(images), 128):\n"
          "        params, state = step(params, state, images[i:i + 128], labels[i:i + 128])\n")


@pytest.mark.parametrize("move, expected", [
    ("jnp.array(x_train)", [8]),
    ("jnp.asarray(x_train)", [8]),
    ("jax.device_put(x_train)", [8]),
    ("jax.device_put(x_train, jax.devices('cpu')[0])", []),  # kept in host memory
    ("x_train", []),  # NumPy: each step's batch goes to the device when the step is called
])
def test_a_whole_training_set_made_a_jax_array_is_on_the_gpu(move, expected, tmp_path):
    found = _findings(tmp_path, SCRIPT.format(move=move), "dataset-on-gpu")
    assert [f.line for f in found] == expected
    assert all("NumPy" in f.fix and "DataLoader" not in f.fix for f in found)
