import tensorflow_datasets as tfds
import jax.numpy as jnp

def load_cifar_arrays(which_cifar, mpi_comm):
    builder = tfds.builder(f'cifar{which_cifar}')
    builder.download_and_prepare()
    train_split = tfds.as_numpy(builder.as_dataset(split='train', batch_size=-1))
    test_split = tfds.as_numpy(builder.as_dataset(split='test', batch_size=-1))
    train_split['image'] = jnp.float32(train_split['image']) / 255.
    test_split['image'] = jnp.float32(test_split['image']) / 255.
    train_split = take_rank_slice(train_split, mpi_comm)
    return train_split, test_split

def take_rank_slice(train_split, mpi_comm):
    rank_id = mpi_comm.Get_rank()
    world = mpi_comm.Get_size()
    per_rank = len(train_split['image']) // world
    train_split["image"] = train_split["image"][per_rank*rank_id:per_rank*(rank_id+1)]
    train_split["label"] = train_split["label"][per_rank*rank_id:per_rank*(rank_id+1)]
    
    return train_split

