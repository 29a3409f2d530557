import jax
import jax.numpy as jnp
import jax.random as jr
import equinox as eqx
import optax
import matplotlib.pyplot as plt
from tqdm.autonotebook import tqdm
# ----
# Aligned antiderivative data from the DeepXDE operator-learning demo
# (150 training and 1,000 test input functions sampled at 100 points)
# see the DeepXDE "antiderivative_aligned" example
# The two .npz files are fetched by a notebook shell command
# from a course repository
# (shell download of the training file)
# (shell download of the test file)
# ----
train_npz = jnp.load("antiderivative_aligned_train.npz", allow_pickle=True)
u_train = train_npz["X"][0]
y_train = train_npz["X"][1]
G_train = train_npz["y"]
# ----
u_train.shape, y_train.shape, G_train.shape
# ----
test_npz = jnp.load("antiderivative_aligned_test.npz", allow_pickle=True)
u_test = test_npz["X"][0]
y_test = test_npz["X"][1]
G_test = test_npz["y"]
# ----
u_test.shape, y_test.shape, G_test.shape
# ----
# the query points are shared by all samples, so they serve as the x axis
plt.plot(
    y_train[:, 0],
    u_train[2, :],
    label="u(x)",
)
plt.plot(
    y_train[:, 0],
    G_train[2, :],
    label="integral of u",
)
plt.legend()
plt.grid()
# ----
class OperatorNet1d(eqx.Module):
    branch: eqx.nn.MLP
    trunk: eqx.nn.MLP
    bias: jax.Array

    def __init__(
        self,
        n_sensors,
        hidden,
        n_layers,
        latent,
        act,
        *,
        key,
    ):
        """
        Branch and trunk share the same widths and depth
        """
        kb, kt = jr.split(key)
        self.branch = eqx.nn.MLP(
            in_size=n_sensors,
            out_size=latent,
            width_size=hidden,
            depth=n_layers,
            activation=act,
            key=kb,
        )
        self.trunk = eqx.nn.MLP(
            in_size=1,
            out_size=latent,
            width_size=hidden,
            depth=n_layers,
            activation=act,
            final_activation=act,
            key=kt,
        )
        self.bias = jnp.zeros((1,))

    def __call__(self, u, y):
        """
        u: (n_sensors,) samples of the input function
        y: (1,) one query location

        returns a scalar
        """
        b = self.branch(u)
        t = self.trunk(y)
        dot = jnp.sum(b * t, keepdims=True)

        return (dot + self.bias)[0]
# ----
net = OperatorNet1d(
    n_sensors=100,
    hidden=40,
    n_layers=1,
    latent=40,
    act=jax.nn.relu,
    key=jr.PRNGKey(0),
)

opt = optax.adam(1e-3)
opt_state = opt.init(
    eqx.filter(net, eqx.is_array)
)

def mse_loss(model):
    # whole training set in one batch

    # map over samples and over query points
    preds = jax.vmap(
        jax.vmap(
            model,
            in_axes=(None, 0),
        ),
        in_axes=(0, None)
    )(u_train, y_train)

    err = jnp.mean(jnp.square(preds - G_train))
    return err

@eqx.filter_jit
def step(model, state):
    loss, grads = eqx.filter_value_and_grad(mse_loss)(model)
    updates, state2 = opt.update(grads, state, model)
    model2 = eqx.apply_updates(model, updates)
    return model2, state2, loss

losses = []
for _ in tqdm(range(10_000)):
    net, opt_state, loss = step(
        net, opt_state
    )
    losses.append(loss)
# ----
plt.semilogy(losses)
# ----
plt.plot(
    y_test[:, 0],
    u_test[0, :],
    label="u(x)",
)
plt.plot(
    y_test[:, 0],
    G_test[0, :],
    label="true integral",
)
plt.plot(
    y_test[:, 0],
    jax.vmap(
        net,
        in_axes=(None, 0)
    )(u_test[0, :], y_test),
    label="operator net",
)
plt.legend()
plt.grid()
# ----
G_pred = jax.vmap(
    jax.vmap(
        net,
        in_axes=(None, 0)
    ),
    in_axes=(0, None,)
)(u_test, y_test)
# ----
G_pred.shape
# ----
def rel_l2(pred, ref):
    num = jnp.linalg.norm(pred - ref)
    den = jnp.linalg.norm(ref)
    return num / den
# ----
errs = jax.vmap(rel_l2)(G_pred, G_test)
# ----
err_mean = jnp.mean(errs)
err_std = jnp.std(errs)
# ----
err_mean, err_std
# ----

# ----
