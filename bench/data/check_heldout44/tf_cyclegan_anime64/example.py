import numpy as np

from mygan.utils import process_numpy
from mygan.models import CycleGAN

faces_file = "./human64.npy"
cartoon_file = "./anime64.npy"
faces = np.load(faces_file)
cartoons = np.load(cartoon_file)
shape = (64, 64, 3)
faces_ds = process_numpy(faces, batch_size=32)
cartoons_ds = process_numpy(cartoons, batch_size=32)
gan = CycleGAN(shape, batch_size=32)
gan.s_sample = list(faces_ds.take(1).as_numpy_iterator())[0]
gan.t_sample = list(cartoons_ds.take(1).as_numpy_iterator())[0]
# gan.train(faces_ds, cartoons_ds)
gan.generate_samples(path="./results/cyclegan.png")
