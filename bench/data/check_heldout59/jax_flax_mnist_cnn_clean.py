import tensorflow_datasets as tfds  # MNIST comes from TFDS
import tensorflow as tf             # only for the input pipeline

def build_pipelines(n_epochs, bs):
  """Streaming MNIST train / test pipelines."""
  train_pipe = tfds.load('mnist', split='train')
  test_pipe = tfds.load('mnist', split='test')

  train_pipe = train_pipe.map(lambda ex: {'image': tf.cast(ex['image'],
                                                           tf.float32) / 255.,
                                          'label': ex['label']}) # scale pixels
  test_pipe = test_pipe.map(lambda ex: {'image': tf.cast(ex['image'],
                                                         tf.float32) / 255.,
                                        'label': ex['label']}) # scale pixels

  train_pipe = train_pipe.repeat(n_epochs).shuffle(1024) # small shuffle window of 1024 examples
  train_pipe = train_pipe.batch(bs, drop_remainder=True).prefetch(1) # fixed-size batches, one batch prefetched
  test_pipe = test_pipe.shuffle(1024) # small shuffle window of 1024 examples
  test_pipe = test_pipe.batch(bs, drop_remainder=True).prefetch(1) # fixed-size batches, one batch prefetched

  return train_pipe, test_pipe

from flax import linen as nn  # Linen modules

class SmallConvNet(nn.Module):
  """Two conv layers and two dense layers."""

  @nn.compact
  def __call__(self, x):
    x = nn.Conv(features=32, kernel_size=(3, 3))(x)
    x = nn.relu(x)
    x = nn.avg_pool(x, window_shape=(2, 2), strides=(2, 2))
    x = nn.Conv(features=64, kernel_size=(3, 3))(x)
    x = nn.relu(x)
    x = nn.avg_pool(x, window_shape=(2, 2), strides=(2, 2))
    x = x.reshape((x.shape[0], -1))  # to vectors
    x = nn.Dense(features=256)(x)
    x = nn.relu(x)
    x = nn.Dense(features=10)(x)
    return x

import jax
import jax.numpy as jnp  # array API

net = SmallConvNet()
print(net.tabulate(jax.random.key(0), jnp.ones((1, 28, 28, 1)),
                   compute_flops=True, compute_vjp_flops=True))

from clu import metrics
from flax.training import train_state  # holds params + optimiser
from flax import struct                # dataclass helper
import optax        

@struct.dataclass
class RunningMetrics(metrics.Collection):
  accuracy: metrics.Accuracy
  loss: metrics.Average.from_output('loss')

class State(train_state.TrainState):
  metrics: RunningMetrics

def init_state(module, key, lr, mom):
  """Builds the first State."""
  params = module.init(key, jnp.ones([1, 28, 28, 1]))['params'] # shape inference from a dummy image
  opt = optax.sgd(lr, mom)
  return State.create(
      apply_fn=module.apply, params=params, tx=opt,
      metrics=RunningMetrics.empty())

@jax.jit
def update(state, batch):
  """One optimisation step."""
  def objective(params):
    logits = state.apply_fn({'params': params}, batch['image'])
    loss = optax.softmax_cross_entropy_with_integer_labels(
        logits=logits, labels=batch['label']).mean()
    return loss
  grad_of = jax.grad(objective)
  grads = grad_of(state.params)
  state = state.apply_gradients(grads=grads)
  return state

@jax.jit
def accumulate_metrics(*, state, batch):
  logits = state.apply_fn({'params': state.params}, batch['image'])
  loss = optax.softmax_cross_entropy_with_integer_labels(
        logits=logits, labels=batch['label']).mean()
  delta = state.metrics.single_from_model_output(
    logits=logits, labels=batch['label'], loss=loss)
  merged = state.metrics.merge(delta)
  state = state.replace(metrics=merged)
  return state

n_epochs = 10
bs = 32

train_pipe, test_pipe = build_pipelines(n_epochs, bs)

tf.random.set_seed(0)
key0 = jax.random.key(0)

lr = 0.01
mom = 0.9

state = init_state(net, key0, lr, mom)
del key0  # never reuse this key
