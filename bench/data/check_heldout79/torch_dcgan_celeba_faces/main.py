import torch
import random
import argparse
import os
import logging

from data.loading import build_face_dataset, make_loader
from models.generator import Generator
from models.discriminator import Discriminator
from training.utils import weights_init, save_results  # helpers kept with the training code
from training.optimizers import get_optimizers
from training.loss_functions import get_criterion
from training.gan_loop import run_gan_training
from training.wgan_loop import run_wgan_training
import torchvision.utils as vutils
from torch import nn


logging.basicConfig(level=logging.INFO, format='%(asctime)s - %(levelname)s - %(message)s')
log = logging.getLogger(__name__)

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--dataroot', default='./data/celeba', help='folder holding the face images')
    parser.add_argument('--batch_size', type=int, default=128, help='images per training batch')
    parser.add_argument('--image_size', type=int, default=64, help='side length the images are resized to')
    parser.add_argument('--num_epochs', type=int, default=5, help='passes over the data')
    parser.add_argument('--lr', type=float, default=0.0002, help='Adam learning rate')
    parser.add_argument('--seed', type=int, default=999, help='random seed')
    parser.add_argument('--output_dir', type=str, default='results', help='where outputs are written')
    parser.add_argument('--use_kagglehub', action='store_true', help='fetch CelebA through KaggleHub')
    parser.add_argument('--max_images', type=int, default=200000, help='cap on the number of images (KaggleHub only)')
    parser.add_argument('--augment', action='store_false', help='turn augmentation on/off')
    parser.add_argument('--wgan', action='store_true', help='train a Wasserstein GAN instead')
    parser.add_argument('--use_mixup', action='store_true', help='mix images with MixUp')
    parser.add_argument('--mixup_alpha', type=float, default=0.2, help='MixUp Beta parameter')
    args = parser.parse_args()
    
    args.ngpu = 1  # one GPU
    args.nz = 100  # size of the noise vector
    args.beta1 = 0.5  # Adam beta1
    args.n_critic = 5  # critic updates per generator update (WGAN)
    args.clip_value = 0.01  # critic weight clipping (WGAN)
    
    os.makedirs(args.output_dir, exist_ok=True)
    
    random.seed(args.seed)
    torch.manual_seed(args.seed)
    try:
        torch.use_deterministic_algorithms(True)
    except:
        log.warning("Deterministic algorithms unavailable; runs may differ.")
    
    # pick the device
    device = torch.device("cuda:0" if (torch.cuda.is_available() and args.ngpu > 0) else "cpu")
    log.info(f"Device: {device}")
    
    # data set and loader
    log.info("Preparing the data...")
    faces = build_face_dataset(
        args.dataroot, 
        args.image_size, 
        use_kagglehub=args.use_kagglehub,
        max_images=args.max_images,
        augment=args.augment
    )
    
    if faces is None:
        log.error("No data set could be built; stopping.")
        return
    
    loader = make_loader(faces, args.batch_size)
    
    if loader is None:
        return
    
    log.info("Building the networks...")
    netG = Generator(nz=args.nz).to(device)
    netD = Discriminator().to(device)
    
    # several GPUs
    if (device.type == 'cuda') and (args.ngpu > 1):
        netG = torch.nn.DataParallel(netG, list(range(args.ngpu)))
        netD = torch.nn.DataParallel(netD, list(range(args.ngpu)))
    
    netG.apply(weights_init)
    netD.apply(weights_init)
    
    log.info("Generator:")
    log.info(netG)
    log.info("Discriminator:")
    log.info(netD)
    
    # loss and optimizers
    criterion = get_criterion()
    optG, optD = get_optimizers(netG, netD, args.lr, args.beta1)
    
    # constant noise to watch progress
    fixed_noise = torch.randn(64, args.nz, 1, 1, device=device)
    
    # train
    log.info("Training...")
    if args.wgan:
        # the critic has no sigmoid
        if isinstance(netD.main[-1], nn.Sigmoid):
            netD.main = nn.Sequential(*list(netD.main.children())[:-1])
            log.info("Sigmoid dropped from the critic")
        
        # RMSprop as in the WGAN paper
        optG = torch.optim.RMSprop(netG.parameters(), lr=args.lr)
        optD = torch.optim.RMSprop(netD.parameters(), lr=args.lr)
        
        g_hist, d_hist, grids = run_wgan_training(
            loader, netG, netD, optG, optD,
            args.num_epochs, device, args.nz, fixed_noise,
            n_critic=args.n_critic, clip_value=args.clip_value
        )
    else:
        # ordinary DCGAN
        g_hist, d_hist, grids = run_gan_training(
            loader, netG, netD, optG, optD, criterion,
            args.num_epochs, device, args.nz, fixed_noise,
            use_mixup=args.use_mixup, mixup_alpha=args.mixup_alpha
        )
    
    real_batch = next(iter(loader))
    
    save_results(g_hist, d_hist, real_batch, grids, args.output_dir, netG, netD, args)
    
if __name__ == "__main__":
    main()
