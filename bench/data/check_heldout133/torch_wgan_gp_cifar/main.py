from tools.options import read_options
from tools.loaders import build_loaders

from nets.gan import GAN
from nets.dcgan import DCGAN_MODEL
from nets.wgan_clipping import WGAN_CP
from nets.wgan_gp import WGAN_GP


def run(opts):
    trainer = None
    if opts.model == 'GAN':
        trainer = GAN(opts)
    elif opts.model == 'DCGAN':
        trainer = DCGAN_MODEL(opts)
    elif opts.model == 'WGAN-CP':
        trainer = WGAN_CP(opts)
    elif opts.model == 'WGAN-GP':
        trainer = WGAN_GP(opts)
    else:
        print("unknown --model value")
        exit(-1)

    # loaders for both splits
    train_dl, test_dl = build_loaders(opts)
    #probe = FeatureExtractionTest(train_dl, test_dl, opts.cuda, opts.batch_size)

    # train
    if opts.is_train == 'True':
        trainer.train(train_dl)

    # or sample from saved weights
    else:
        trainer.evaluate(test_dl, opts.load_D, opts.load_G)
        for k in range(50):
           trainer.generate_latent_walk(k)


if __name__ == '__main__':
    opts = read_options()
    print(opts.cuda)
    run(opts)
