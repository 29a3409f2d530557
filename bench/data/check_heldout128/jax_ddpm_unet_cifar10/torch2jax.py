import jax

'''
    turn a torch batch of tensors into numpy arrays for pmap
    layout: [N,C,H,W] -> [N,H,W,C]
'''

def to_device_batch(pair):
    pics, targets = pair
    pics = pics.permute([0, 2, 3, 1])  # channels last
    pair = {'images': pics, 'labels': targets}
    # split into (local_devices, per_device_batch, height, width, 3)
    pair = split_for_devices(pair)
    return pair

def split_for_devices(tree):
    """Map every torch tensor of the batch to a numpy array split over devices."""
    n_local = jax.local_device_count()

    def _split(t):
        # torch -> numpy without a copy
        t = t.numpy()  # shares memory with the tensor

        # (host_batch, h, w, 3) becomes
        # (n_local, per_device_batch, h, w, 3)
        return t.reshape((n_local, -1) + t.shape[1:])

    return jax.tree_map(_split, tree)
