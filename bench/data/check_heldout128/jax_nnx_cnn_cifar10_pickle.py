import jax
import jax.numpy as jnp
import flax.nnx as nn
from flax import nnx
import optax
import numpy as np
import pickle
import os

class CifarPickles:
    def __init__(self, train):
        self.pixels, self.targets = self.read_batches(train)
    
    def read_batches(self, train):      
        chunks, targets = [], []
        for name in files:
            with open(os.path.join(path, name), 'rb') as fh:
                part = pickle.load(fh, encoding='latin1')
                chunks.append(part['data'])
                targets.extend(part['labels'])
        
        chunks = np.vstack(chunks).reshape(-1, 32, 32, 3) / 255.0
        return chunks, np.array(targets)
    
    def iterate(self, bs=128):
        order = np.random.permutation(len(self.pixels))
        for start in range(0, len(self.pixels), bs):
            pick = order[start:start+bs]
            yield {
                'image': jnp.array(self.pixels[pick]),
                'label': jnp.array(self.targets[pick])
            }
            
class TinyConv(nn.Module):
    def __init__(self):
        self.c1 = nn.Conv(32, (3, 3))
        self.c2 = nn.Conv(64, (3, 3))
        self.head = nn.Linear(10)
    
    def __call__(self, x):
        x = jax.nn.relu(self.c1(x))
        x = jax.nn.relu(self.c2(x))
        x = jnp.mean(x, axis=(1, 2))
        return self.head(x)
net = TinyConv()
graphdef, weights = nnx.split(net)
opt = optax.adam(0.001)
opt_state = opt.init(weights)

@jax.jit
def update(weights, opt_state, mb):
    def objective(weights):
        net = nnx.merge(graphdef, weights)
        out = net(mb['image'])
        return optax.softmax_cross_entropy_with_integer_labels(out, mb['label']).mean()
    
    value, grads = jax.value_and_grad(objective)(weights)
    upd, opt_state = opt.update(grads, opt_state, weights)
    return optax.apply_updates(weights, upd), opt_state, value
is_train = True
cifar = CifarPickles(is_train)
for ep in range(10):
    running, n = 0, 0
    for mb in cifar.iterate(128):
        weights, opt_state, value = update(weights, opt_state, mb)
        running += value
        n += 1
    print(f'epoch {ep+1}: mean loss {running/n:.4f}')
