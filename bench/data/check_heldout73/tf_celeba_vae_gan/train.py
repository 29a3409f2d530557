import argparse
import matplotlib
matplotlib.use('Agg')

from data_loader import FaceReader
from models import *
from matplotlib import pyplot as plt

RECON_OUT = "../reconst"
STATS_OUT = "../stats"

def read_args():
    ap = argparse.ArgumentParser()
    ap.add_argument("model", help="which generative model to fit", choices=["vae", "dcgan", "acgan"])
    return ap.parse_args()


def run_vae(tr_faces, te_faces, n_epoch=100):
    vae_obj = VAE(tr_faces, te_faces)
    curve = vae_obj.train(n_epoch=n_epoch)
    np.save(os.path.join(STATS_OUT, "vae_losses.npy"), curve)


def run_dcgan(faces, n_step=60000):
    gan_obj = DCGAN(faces)
    curve = gan_obj.train(n_step, sample_interval=500)
    np.save(os.path.join(STATS_OUT, "dcgan.npy"), curve)


def run_acgan(faces, attr_vec, n_step=60000):
    acgan_obj = ACGAN(faces, attr_vec)
    curve = acgan_obj.train(n_step, sample_interval=500)
    np.save(os.path.join(STATS_OUT, "acgan.npy"), curve)


def entry():
    opts = read_args()

    tr_reader = FaceReader("../data/train", "../data/train.npz")
    tr_faces, _, tr_attr = tr_reader.getData()

    te_reader = FaceReader("../data/test", "../data/test.npz")
    te_faces, _, te_attr = te_reader.getData()

    if opts.model == "vae":
        run_vae(tr_faces, te_faces)
    elif opts.model == "dcgan":
        run_dcgan(np.vstack((tr_faces, te_faces)))
    elif opts.model == "acgan":
        run_acgan(np.vstack((tr_faces, te_faces)), np.concatenate((tr_attr, te_attr)))


if __name__ == '__main__':
    entry()
