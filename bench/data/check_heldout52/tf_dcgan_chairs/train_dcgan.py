from gan_lib.dcgan import ChairGAN
from gan_lib.image_io import read_scaled_pictures


def run():
    pictures_dir = './data/chairs'
    weights_dir = './weights'

    w = 32
    h = 32
    ch = 3

    gan = ChairGAN()
    gan.w = w
    gan.h = h
    gan.ch = ch
    gan.z_dim = 200

    pictures = read_scaled_pictures(pictures_dir, '.png', w, h)

    bs = 4
    n_epochs = 2000
    gan.fit(weights_dir, pictures=pictures, bs=bs, n_epochs=n_epochs,
            snap_dir='./data/snapshots', snap_every=100)


if __name__ == '__main__':
    run()

