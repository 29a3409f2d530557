# experiment log entry
# build a fixed random DLN and train a head that inverts it
# fixed DLN(x_t); learn MLP(DLN(x)) ~ x

# %%
# imports
import einops
import equinox as eqx
import jax
import jax.numpy as jnp
import json
import matplotlib.pyplot as plt
import mnist
import optax
import utils

jax.config.update("jax_debug_nans", True)
jnp.set_printoptions(suppress=True, precision=2, floatmode='fixed')
assert jax.devices()[0].device_kind == 'NVIDIA GeForce RTX 3060'
keys = jax.random.split(jax.random.PRNGKey(0), 100000)

# %%
# mnist arrays (only used for the plots at the end)
def maybe_shuffle(imgs):
  # could permute pixels: jax.random.shuffle(keys[0], imgs, axis=1)
  return imgs

mnist_x = maybe_shuffle(mnist.train_images().reshape((-1, 784)) / 255)  # [B, 784]
mnist_y = mnist.train_labels()
mnist_y_hot = jax.nn.one_hot(mnist_y, 10)

mnist_test_x = maybe_shuffle(mnist.test_images().reshape((-1, 784)) / 255)
mnist_test_y = mnist.test_labels()


# %%
# time-dependent linear recurrence
# h' = exp(A, t) h + t B x
# t = C x

model = None
wiki_onehot = None

def code():
  global model
  global wiki_onehot

  def load_wiki(path, max_bytes):
    def lines(max_bytes):
      with open(path, 'r') as fh:
        for row in fh:
          toks = json.loads(row)['tokens']
          txt = ' '.join(toks).replace('\n ', '\n').replace('@@END@@', '\n')
          raw = txt.encode('utf-8')
          max_bytes -= len(raw)
          if max_bytes <= 0:
            return
          yield raw
    joined = b''.join(lines(max_bytes))
    codes = jnp.array(list(joined), dtype=jnp.uint8)
    onehot = jax.nn.one_hot(codes, 256)
    return onehot

  wiki_onehot = load_wiki('wiki.jsonl', 500000)

  def log_uniform(key, shape, minval, maxval):
    return jnp.exp(jax.random.uniform(key, shape, minval=jnp.log(minval), maxval=jnp.log(maxval)))

  class TDLN(eqx.Module):
    # L: sequence length
    # D: channels
    size: jax.Array # D
    theta: jax.Array # D
    time: eqx.nn.Linear # [D, D]
    data: eqx.nn.Linear # [D, D]
    D: int
    time_bias: float

    def __init__(self, key: jax.random.KeyArray, D: int, time_bias: float):
      k_size, k_theta, k_time, k_data = jax.random.split(key, 4)
      self.size = 1 - log_uniform(k_size, [D], minval=0.001, maxval=0.1)
      self.theta = log_uniform(k_theta, [D], 1/1000 * 2 * jnp.pi, 2 * jnp.pi)
      self.time = eqx.nn.Linear(D, D, key=k_time)
      self.data = eqx.nn.Linear(D, D, key=k_data)
      self.D = D
      self.time_bias = time_bias

    def __call__(self, x):  # [L, D]
      t = jax.nn.sigmoid(self.time_bias + jax.vmap(self.time)(x))  # [L, D]
      x = jax.vmap(self.data)(x)  # [L, D]
      x = jax.vmap(self.one_channel, in_axes=(1, 0, 0, 1), out_axes=1)(x, self.size, self.theta, t)
      return jnp.real(x)

    def one_channel(self, x, size, theta, t):  # [L], 1, 1, [L]
      z = jnp.power(size, t) * jnp.exp(1j * theta * t) # L
      x = t * x
      def op(a, b):
        pa, va = a
        pb, vb = b
        return jnp.stack([pa * pb, va * pb + vb])
      x = jnp.stack([z, x])  # [2, L]
      x = jnp.take(jax.lax.associative_scan(op, x, axis=1), 1, axis=0)  # [L]
      return x

  class Net(eqx.Module):
    dln: eqx.Module
    layers: list[eqx.nn.Linear]
    final: eqx.nn.Linear
    In: int = 256
    D: int = 256*8
    Out: int = 256
    LayerMid: int = 1

    def __init__(self, key):
      D = self.D
      assert(self.D % self.In == 0)
      k_dln, k_layers, k_final = utils.split_shape(key, [0, self.LayerMid, 0])
      self.dln = TDLN(k_dln, D, 0.0)
      self.layers = [(TDLN(k, D, 0.0), eqx.nn.LayerNorm([D])) for k in k_layers]
      self.final = eqx.nn.Linear(D, self.Out, key=k_final)
      eqx.nn.MLP

    def __call__(self, x):  # [L, In]
      x = einops.repeat(x, 'L d -> L (repeat d)', repeat=self.D//self.In)  # [L, D]
      x = self.dln(x)  # [L, D]
      for (dln, norm) in self.layers:
        x = jax.vmap(norm)(jax.nn.relu(dln(x) + x))  # [L, D]
      return jax.nn.softmax(jax.vmap(self.final)(x))  # [L, Out]

  def sample_batch(i):
    starts = jax.random.randint(keys[i], shape=(10,), minval=0, maxval=wiki_onehot.shape[0]-1000)
    x = jnp.array([wiki_onehot[s:s+300] for s in starts])
    return (x, x)

  def make_accuracy(x):
    @eqx.filter_jit
    def fn(model):
      pred = model(x)[:-1]
      target = x[1:]
      return jnp.sum(jnp.equal(jnp.argmax(pred), jnp.argmax(target)))
    return fn

  @eqx.filter_value_and_grad
  def nll(model_dyn, model_const, x, y):  # model parts, [batch, L, D]
    model = eqx.combine(model_dyn, model_const)
    pred = jax.vmap(model)(x)
    eps = 1e-10
    pred = jnp.clip(pred, eps, 1.0 - eps)[:,:-1]
    target = y[:,1:]
    value = -target * jnp.log(pred)
    return jnp.mean(value)

  @eqx.filter_jit
  def step(model, x, y, opt_state):
    model_dyn, model_const = eqx.partition(model, trainable)
    value, grads = nll(model_dyn, model_const, x, y)
    updates, opt_state = optimizer.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)
    return value, model, opt_state

  train_acc = make_accuracy(wiki_onehot[1000:1500])
  test_acc = train_acc
  model = Net(jax.random.PRNGKey(42))
  optimizer = optax.adam(1e-4)  # smaller for deeper nets
  trainable = jax.tree_util.tree_map(lambda _: True, model)
  frozen = lambda dln: [dln.size, dln.theta]
  all_dlns = lambda t: sum([frozen(t.dln)] + [frozen(l[0]) for l in t.layers], start=[])
  trainable = eqx.tree_at(all_dlns, trainable, replace_fn=lambda n: False)

  return utils.optimize(model, optimizer, sample_batch, step, train_acc, test_acc)

result = utils.run(code, '''DLN with a byte-level 256-way softmax''')
model = result['model']

# %%
# reconstructions of mnist digits
plt.figure(figsize = (3, 30))
plt.imshow(jnp.hstack([mnist_test_x[0:50].reshape(-1,28), jax.vmap(model)(mnist_test_x[0:50]).reshape(-1, 28)]))

# %%
# walk between two latents
a = mnist_test_x[9]
b = mnist_test_x[6]
def lerp(c):
  return b + (a-b)*c
path = jax.vmap(lerp)(jnp.arange(start=-0.5, stop=1.5, step=0.1))
plt.figure(figsize = (3, 30))
plt.imshow(jnp.vstack(jax.vmap(model)(path).reshape(-1, 28)))

# %%
# decode predictions back to text
def to_text(a):
  return bytes(jnp.argmax(a, axis=1).tolist()).decode('utf-8')

def to_onehot(s):
  codes = jnp.array(list(s.encode('utf-8')), dtype=jnp.uint8)
  return jax.nn.one_hot(codes, 256)

probe = to_onehot('combining could be understood as the addition of')
print(to_text(probe[1:]) + '\n\n' + to_text(model(probe)) + '\n\n')

start = 75500
probe = wiki_onehot[start:start+100]
print(to_text(probe[1:]) + '\n\n' + to_text(model(probe)))

# %%
