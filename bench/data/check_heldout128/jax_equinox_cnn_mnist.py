# Adapted from the Equinox documentation's MNIST walk-through
# (the notebook version lives in the equinox repository under docs/examples)

import equinox as eqx
import jax
import jax.numpy as jnp
import optax  # gradient transformations
import torch  # only for the input pipeline
import torchvision  # MNIST download and transforms
from jaxtyping import Array, Float, Int, PyTree  # shape annotations

# Settings

BS = 64
LR = 3e-4
N_STEPS = 300
REPORT_EVERY = 30
RNG_SEED = 5678

rng = jax.random.PRNGKey(RNG_SEED)

to_unit_range = torchvision.transforms.Compose(
    [
        torchvision.transforms.ToTensor(),
        torchvision.transforms.Normalize((0.5,), (0.5,)),
    ]
)
mnist_train = torchvision.datasets.MNIST(
    "MNIST",
    train=True,
    download=True,
    transform=to_unit_range,
)
mnist_test = torchvision.datasets.MNIST(
    "MNIST",
    train=False,
    download=True,
    transform=to_unit_range,
)
train_batches = torch.utils.data.DataLoader(
    mnist_train, batch_size=BS, shuffle=True
)
test_batches = torch.utils.data.DataLoader(
    mnist_test, batch_size=BS, shuffle=True
)

# Peek at one batch to see the shapes
probe_x, probe_y = next(iter(train_batches))
probe_x = probe_x.numpy()
probe_y = probe_y.numpy()
print(probe_x.shape)  # (64, 1, 28, 28)
print(probe_y.shape)  # (64,)
print(probe_y)

class SmallConvNet(eqx.Module):
    layers: list

    def __init__(self, rng):
        k1, k2, k3, k4 = jax.random.split(rng, 4)
        # one conv + pool, flatten, then a three-layer
        # perceptron head.
        self.layers = [
            eqx.nn.Conv2d(1, 3, kernel_size=4, key=k1),
            eqx.nn.MaxPool2d(kernel_size=2),
            jax.nn.relu,
            jnp.ravel,
            eqx.nn.Linear(1728, 512, key=k2),
            jax.nn.sigmoid,
            eqx.nn.Linear(512, 64, key=k3),
            jax.nn.relu,
            eqx.nn.Linear(64, 10, key=k4),
            jax.nn.log_softmax,
        ]

    def __call__(self, x: Float[Array, "1 28 28"]) -> Float[Array, "10"]:
        for f in self.layers:
            x = f(x)
        return x


rng, sub = jax.random.split(rng, 2)
net = SmallConvNet(sub)

print(net)

def nll(
    net: SmallConvNet, x: Float[Array, "batch 1 28 28"], y: Int[Array, " batch"]
) -> Float[Array, ""]:
    # The batch is (BS, 1, 28, 28) while the network handles
    # one (1, 28, 28) image at a time.
    #
    # jax.vmap maps the network over the
    # batch axis.
    logp = jax.vmap(net)(x)
    return xent(y, logp)


def xent(
    y: Int[Array, " batch"], logp: Float[Array, "batch 10"]
) -> Float[Array, ""]:
    # y: integer class ids 0-9
    # logp: log-probabilities from log_softmax
    logp = jnp.take_along_axis(logp, jnp.expand_dims(y, 1), axis=1)
    return -jnp.mean(logp)


# loss on the probe batch
probe_loss = nll(net, probe_x, probe_y)
print(probe_loss.shape)  # a scalar
# predictions on the probe batch
probe_out = jax.vmap(net)(probe_x)
print(probe_out.shape)  # (64, 10)

# split arrays from static parts
arrays, static_part = eqx.partition(net, eqx.is_array)


def nll_split(arrays, static_part, x, y):
    net = eqx.combine(arrays, static_part)
    return nll(net, x, y)


probe_loss, probe_grads = jax.value_and_grad(nll_split)(arrays, static_part, probe_x, probe_y)
print(probe_loss)

# # the filtered variant works as well:
# v, g = eqx.filter_value_and_grad(nll)(net, probe_x, probe_y)
# print(v)

nll = eqx.filter_jit(nll)  # compile the loss


@eqx.filter_jit
def batch_accuracy(
    net: SmallConvNet, x: Float[Array, "batch 1 28 28"], y: Int[Array, " batch"]
) -> Float[Array, ""]:
    """Share of correct predictions
    in one batch.
    """
    logp = jax.vmap(net)(x)
    logp = jnp.argmax(logp, axis=1)
    return jnp.mean(y == logp)

def run_eval(net: SmallConvNet, batches: torch.utils.data.DataLoader):
    """Mean loss and mean accuracy over
    every batch of the test loader.
    """
    tot_loss = 0
    tot_acc = 0
    for x, y in batches:
        x = x.numpy()
        y = y.numpy()
        # both calls below are jitted, so the
        # loop body stays cheap.
        tot_loss += nll(net, x, y)
        tot_acc += batch_accuracy(net, x, y)
    return tot_loss / len(batches), tot_acc / len(batches)

tot_loss, tot_acc = run_eval(net, test_batches)
print(f"loss={tot_loss} acc={tot_acc}")

opt = optax.adamw(LR)

def fit(
    net: SmallConvNet,
    train_batches: torch.utils.data.DataLoader,
    test_batches: torch.utils.data.DataLoader,
    opt: optax.GradientTransformation,
    n_steps: int,
    report_every: int,
) -> SmallConvNet:
    # optimiser state only for the array leaves
    # of the network.
    opt_state = opt.init(eqx.filter(net, eqx.is_array))

    # gradient, update and apply all in one
    # compiled function so it runs
    # fast.
    @eqx.filter_jit
    def update(
        net: SmallConvNet,
        opt_state: PyTree,
        x: Float[Array, "batch 1 28 28"],
        y: Int[Array, " batch"],
    ):
        v, g = eqx.filter_value_and_grad(nll)(net, x, y)
        upd, opt_state = opt.update(
            g, opt_state, eqx.filter(net, eqx.is_array)
        )
        net = eqx.apply_updates(net, upd)
        return net, opt_state, v

    # cycle through the loader forever
    def endless():
        while True:
            yield from train_batches

    for i, (x, y) in zip(range(n_steps), endless()):
        # the loader yields torch tensors,
        # turn them into numpy.
        x = x.numpy()
        y = y.numpy()
        net, opt_state, tr_loss = update(net, opt_state, x, y)
        if (i % report_every) == 0 or (i == n_steps - 1):
            te_loss, te_acc = run_eval(net, test_batches)
            print(
                f"{i=}, train={tr_loss.item()}, "
                f"test={te_loss.item()}, acc={te_acc.item()}"
            )
    return net

net = fit(net, train_batches, test_batches, opt, N_STEPS, REPORT_EVERY)

tot_loss, tot_acc = run_eval(net, test_batches)
print(f"loss={tot_loss} acc={tot_acc}")
