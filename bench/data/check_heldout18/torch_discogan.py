"""DiscoGAN: unpaired image-to-image translation between two domains
(CelebA attributes, FaceScrub actors/actresses, edges<->shoes/handbags).

Image-list helpers, the two networks and the training loop in one file.
"""
import os
import argparse
from itertools import chain

import cv2
import numpy as np
import pandas as pd
import scipy
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from torch.autograd import Variable
from progressbar import ETA, Bar, Percentage, ProgressBar

# ---------------------------------------------------------------------------
# dataset locations and helpers
# ---------------------------------------------------------------------------
dataset_path = './datasets/'
celebA_path = os.path.join(dataset_path, 'celebA')
handbag_path = os.path.join(dataset_path, 'edges2handbags')
shoe_path = os.path.join(dataset_path, 'edges2shoes')
facescrub_path = os.path.join(dataset_path, 'facescrub')

def shuffle_data(da, db):
    a_order = list(range(len(da)))
    np.random.shuffle(a_order)
    b_order = list(range(len(db)))
    np.random.shuffle(b_order)
    return np.array(da)[np.array(a_order)], np.array(db)[np.array(b_order)]

def read_images(filenames, domain=None, image_size=64):
    """Read, crop (for paired edge/photo files), resize and scale a list of images."""
    out = []
    for fn in filenames:
        img = cv2.imread(fn)
        if img is None:
            continue
        if domain == 'A':
            kernel = np.ones((3, 3), np.uint8)
            img = img[:, :256, :]
            img = 255. - img
            img = cv2.dilate(img, kernel, iterations=1)
            img = 255. - img
        elif domain == 'B':
            img = img[:, 256:, :]
        img = cv2.resize(img, (image_size, image_size))
        img = img.astype(np.float32) / 255.
        img = img.transpose(2, 0, 1)
        out.append(img)
    out = np.stack(out)
    return out

def read_attr_file(attr_path, image_dir):
    lines = [ln.strip() for ln in open(attr_path).readlines()]
    columns = ['image_path'] + lines[1].split()
    rows = [ln.split() for ln in lines[2:]]
    df = pd.DataFrame(rows, columns=columns)
    df['image_path'] = df['image_path'].map(lambda p: os.path.join(image_dir, p))
    return df

def get_celebA_files(style_A, style_B, constraint, constraint_type, test=False, n_test=200):
    attrs = read_attr_file(os.path.join(celebA_path, 'list_attr_celeba.txt'),
                           os.path.join(celebA_path, 'img_align_celeba'))
    if constraint:
        attrs = attrs[attrs[constraint] == constraint_type]
    files_A = attrs[attrs[style_A] == '1']['image_path'].values
    if style_B:
        files_B = attrs[attrs[style_B] == '1']['image_path'].values
    else:
        files_B = attrs[attrs[style_A] == '-1']['image_path'].values
    if test == False:
        return files_A[:-n_test], files_B[:-n_test]
    if test == True:
        return files_A[-n_test:], files_B[-n_test:]

def get_edge2photo_files(item='edges2handbags', test=False):
    root = handbag_path if item == 'edges2handbags' else shoe_path
    root = os.path.join(root, 'val' if test == True else 'train')
    paths = [os.path.join(root, f) for f in os.listdir(root)]
    if test == True:
        return [paths, paths]
    half = len(paths) // 2
    return [paths[:half], paths[half:]]

def get_facescrub_files(test=False, n_test=200):
    actor_dir = os.path.join(facescrub_path, 'actors', 'face')
    actress_dir = os.path.join(facescrub_path, 'actresses', 'face')
    actors = [os.path.join(actor_dir, f) for f in os.listdir(actor_dir)]
    actresses = [os.path.join(actress_dir, f) for f in os.listdir(actress_dir)]
    if test == False:
        return actors[:-n_test], actresses[:-n_test]
    return actors[-n_test:], actresses[-n_test:]

# ---------------------------------------------------------------------------
# networks
# ---------------------------------------------------------------------------
class Discriminator(nn.Module):
    def __init__(self):
        super(Discriminator, self).__init__()
        self.conv1 = nn.Conv2d(3, 64, 4, 2, 1, bias=False)
        self.relu1 = nn.LeakyReLU(0.2, inplace=True)
        self.conv2 = nn.Conv2d(64, 64 * 2, 4, 2, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(64 * 2)
        self.relu2 = nn.LeakyReLU(0.2, inplace=True)
        self.conv3 = nn.Conv2d(64 * 2, 64 * 4, 4, 2, 1, bias=False)
        self.bn3 = nn.BatchNorm2d(64 * 4)
        self.relu3 = nn.LeakyReLU(0.2, inplace=True)
        self.conv4 = nn.Conv2d(64 * 4, 64 * 8, 4, 2, 1, bias=False)
        self.bn4 = nn.BatchNorm2d(64 * 8)
        self.relu4 = nn.LeakyReLU(0.2, inplace=True)
        self.conv5 = nn.Conv2d(64 * 8, 1, 4, 1, 0, bias=False)

    def forward(self, input):
        r1 = self.relu1(self.conv1(input))
        r2 = self.relu2(self.bn2(self.conv2(r1)))
        r3 = self.relu3(self.bn3(self.conv3(r2)))
        r4 = self.relu4(self.bn4(self.conv4(r3)))
        c5 = self.conv5(r4)
        # probability plus intermediate features for feature matching
        return torch.sigmoid(c5), [r2, r3, r4]

class Generator(nn.Module):
    """Conv encoder (64x64 -> 4x4) and transposed-conv decoder back to 64x64."""
    def __init__(self, extra_layers=False):
        super(Generator, self).__init__()
        enc = [nn.Conv2d(3, 64, 4, 2, 1, bias=False), nn.LeakyReLU(0.2, inplace=True),
               nn.Conv2d(64, 64 * 2, 4, 2, 1, bias=False), nn.BatchNorm2d(64 * 2), nn.LeakyReLU(0.2, inplace=True),
               nn.Conv2d(64 * 2, 64 * 4, 4, 2, 1, bias=False), nn.BatchNorm2d(64 * 4), nn.LeakyReLU(0.2, inplace=True),
               nn.Conv2d(64 * 4, 64 * 8, 4, 2, 1, bias=False), nn.BatchNorm2d(64 * 8), nn.LeakyReLU(0.2, inplace=True)]
        dec = [nn.ConvTranspose2d(64 * 8, 64 * 4, 4, 2, 1, bias=False), nn.BatchNorm2d(64 * 4), nn.ReLU(True),
               nn.ConvTranspose2d(64 * 4, 64 * 2, 4, 2, 1, bias=False), nn.BatchNorm2d(64 * 2), nn.ReLU(True),
               nn.ConvTranspose2d(64 * 2, 64, 4, 2, 1, bias=False), nn.BatchNorm2d(64), nn.ReLU(True),
               nn.ConvTranspose2d(64, 3, 4, 2, 1, bias=False), nn.Sigmoid()]
        if extra_layers == True:
            # extra 4x4 -> 1x1 bottleneck of width 100
            mid = [nn.Conv2d(64 * 8, 100, 4, 1, 0, bias=False), nn.BatchNorm2d(100), nn.LeakyReLU(0.2, inplace=True),
                   nn.ConvTranspose2d(100, 64 * 8, 4, 1, 0, bias=False), nn.BatchNorm2d(64 * 8), nn.ReLU(True)]
            self.main = nn.Sequential(*(enc + mid + dec))
        if extra_layers == False:
            self.main = nn.Sequential(*(enc + dec))

    def forward(self, input):
        return self.main(input)

# ---------------------------------------------------------------------------
# options
# ---------------------------------------------------------------------------
parser = argparse.ArgumentParser(description='PyTorch implementation of DiscoGAN')
parser.add_argument('--cuda', type=str, default='true', help='Set cuda usage')
parser.add_argument('--task_name', type=str, default='facescrub', help='Set data name')
parser.add_argument('--epoch_size', type=int, default=5000, help='Set epoch size')
parser.add_argument('--batch_size', type=int, default=64, help='Set batch size')
parser.add_argument('--learning_rate', type=float, default=0.0002, help='Set learning rate for optimizer')
parser.add_argument('--result_path', type=str, default='./results/', help='Where result images go')
parser.add_argument('--model_path', type=str, default='./models/', help='Where trained models go')
parser.add_argument('--model_arch', type=str, default='discogan', help='gan / recongan / discogan')
parser.add_argument('--image_size', type=int, default=64, help='Image size (64 in the paper)')
parser.add_argument('--gan_curriculum', type=int, default=10000, help='Iterations with a strong GAN loss')
parser.add_argument('--starting_rate', type=float, default=0.01, help='Recon weight during the curriculum')
parser.add_argument('--default_rate', type=float, default=0.5, help='Recon weight after the curriculum')
parser.add_argument('--style_A', type=str, default=None, help='CelebA attribute for domain A')
parser.add_argument('--style_B', type=str, default=None, help='CelebA attribute for domain B')
parser.add_argument('--constraint', type=str, default=None, help='CelebA attribute both domains must share')
parser.add_argument('--constraint_type', type=str, default=None, help='1 or -1 for --constraint')
parser.add_argument('--n_test', type=int, default=200, help='Number of test data.')
parser.add_argument('--update_interval', type=int, default=3, help='')
parser.add_argument('--log_interval', type=int, default=50, help='Print losses every log_interval iterations.')
parser.add_argument('--image_save_interval', type=int, default=1000, help='Save test translations every N iterations.')
parser.add_argument('--model_save_interval', type=int, default=10000, help='Save models every N iterations.')

def as_np(data):
    return data.cpu().data.numpy()

def get_data():
    if args.task_name == 'facescrub':
        data_A, data_B = get_facescrub_files(test=False, n_test=args.n_test)
        test_A, test_B = get_facescrub_files(test=True, n_test=args.n_test)
    elif args.task_name == 'celebA':
        data_A, data_B = get_celebA_files(style_A=args.style_A, style_B=args.style_B, constraint=args.constraint,
                                          constraint_type=args.constraint_type, test=False, n_test=args.n_test)
        test_A, test_B = get_celebA_files(style_A=args.style_A, style_B=args.style_B, constraint=args.constraint,
                                          constraint_type=args.constraint_type, test=True, n_test=args.n_test)
    elif args.task_name == 'edges2shoes':
        data_A, data_B = get_edge2photo_files(item='edges2shoes', test=False)
        test_A, test_B = get_edge2photo_files(item='edges2shoes', test=True)
    elif args.task_name == 'edges2handbags':
        data_A, data_B = get_edge2photo_files(item='edges2handbags', test=False)
        test_A, test_B = get_edge2photo_files(item='edges2handbags', test=True)
    elif args.task_name == 'handbags2shoes':
        data_A_1, data_A_2 = get_edge2photo_files(item='edges2handbags', test=False)
        test_A_1, test_A_2 = get_edge2photo_files(item='edges2handbags', test=True)
        data_A = np.hstack([data_A_1, data_A_2])
        test_A = np.hstack([test_A_1, test_A_2])
        data_B_1, data_B_2 = get_edge2photo_files(item='edges2shoes', test=False)
        test_B_1, test_B_2 = get_edge2photo_files(item='edges2shoes', test=True)
        data_B = np.hstack([data_B_1, data_B_2])
        test_B = np.hstack([test_B_1, test_B_2])
    return data_A, data_B, test_A, test_B

def get_fm_loss(real_feats, fake_feats, criterion):
    losses = 0
    for real_feat, fake_feat in zip(real_feats, fake_feats):
        l2 = (real_feat.mean(0) - fake_feat.mean(0)) * (real_feat.mean(0) - fake_feat.mean(0))
        loss = criterion(l2, Variable(torch.ones(l2.size())).cuda())
        losses += loss
    return losses

def get_gan_loss(dis_real, dis_fake, criterion, cuda):
    lab_real = Variable(torch.ones([dis_real.size()[0], 1]))
    lab_fake = Variable(torch.zeros([dis_fake.size()[0], 1]))
    lab_gen = Variable(torch.ones([dis_fake.size()[0], 1]))
    if cuda:
        lab_real = lab_real.cuda()
        lab_fake = lab_fake.cuda()
        lab_gen = lab_gen.cuda()
    dis_loss = criterion(dis_real, lab_real) * 0.5 + criterion(dis_fake, lab_fake) * 0.5
    gen_loss = criterion(dis_fake, lab_gen)
    return dis_loss, gen_loss

def main():
    global args
    args = parser.parse_args()
    cuda = True if args.cuda == 'true' else False
    epoch_size = args.epoch_size
    batch_size = args.batch_size
    result_path = os.path.join(args.result_path, args.task_name)
    if args.style_A:
        result_path = os.path.join(result_path, args.style_A)
    result_path = os.path.join(result_path, args.model_arch)
    model_path = os.path.join(args.model_path, args.task_name)
    if args.style_A:
        model_path = os.path.join(model_path, args.style_A)
    model_path = os.path.join(model_path, args.model_arch)
    data_style_A, data_style_B, test_style_A, test_style_B = get_data()
    # the fixed test images used for the periodic translation snapshots
    if args.task_name.startswith('edges2'):
        test_A = read_images(test_style_A, 'A', args.image_size)
        test_B = read_images(test_style_B, 'B', args.image_size)
    elif args.task_name == 'handbags2shoes' or args.task_name == 'shoes2handbags':
        test_A = read_images(test_style_A, 'B', args.image_size)
        test_B = read_images(test_style_B, 'B', args.image_size)
    else:
        test_A = read_images(test_style_A, None, args.image_size)
        test_B = read_images(test_style_B, None, args.image_size)
    test_A = Variable(torch.FloatTensor(test_A), volatile=True)
    test_B = Variable(torch.FloatTensor(test_B), volatile=True)
    if not os.path.exists(result_path):
        os.makedirs(result_path)
    if not os.path.exists(model_path):
        os.makedirs(model_path)
    gen_A = Generator()
    gen_B = Generator()
    dis_A = Discriminator()
    dis_B = Discriminator()
    if cuda:
        test_A = test_A.cuda()
        test_B = test_B.cuda()
        gen_A = gen_A.cuda()
        gen_B = gen_B.cuda()
        dis_A = dis_A.cuda()
        dis_B = dis_B.cuda()
    data_size = min(len(data_style_A), len(data_style_B))
    n_batches = (data_size // batch_size)
    recon_criterion = nn.MSELoss()
    gan_criterion = nn.BCELoss()
    feat_criterion = nn.HingeEmbeddingLoss()
    gen_params = chain(gen_A.parameters(), gen_B.parameters())
    dis_params = chain(dis_A.parameters(), dis_B.parameters())
    optim_gen = optim.Adam(gen_params, lr=args.learning_rate, betas=(0.5, 0.999), weight_decay=0.00001)
    optim_dis = optim.Adam(dis_params, lr=args.learning_rate, betas=(0.5, 0.999), weight_decay=0.00001)
    iters = 0
    for epoch in range(epoch_size):
        data_style_A, data_style_B = shuffle_data(data_style_A, data_style_B)
        pbar = ProgressBar(maxval=n_batches, widgets=['epoch #%d|' % epoch, Percentage(), Bar(), ETA()])
        pbar.start()
        for i in range(n_batches):
            pbar.update(i)
            gen_A.zero_grad()
            gen_B.zero_grad()
            dis_A.zero_grad()
            dis_B.zero_grad()
            A_path = data_style_A[i * batch_size: (i + 1) * batch_size]
            B_path = data_style_B[i * batch_size: (i + 1) * batch_size]
            if args.task_name.startswith('edges2'):
                A = read_images(A_path, 'A', args.image_size)
                B = read_images(B_path, 'B', args.image_size)
            elif args.task_name == 'handbags2shoes' or args.task_name == 'shoes2handbags':
                A = read_images(A_path, 'B', args.image_size)
                B = read_images(B_path, 'B', args.image_size)
            else:
                A = read_images(A_path, None, args.image_size)
                B = read_images(B_path, None, args.image_size)
            A = Variable(torch.FloatTensor(A))
            B = Variable(torch.FloatTensor(B))
            if cuda:
                A = A.cuda()
                B = B.cuda()
            AB = gen_B(A)
            BA = gen_A(B)
            ABA = gen_A(AB)
            BAB = gen_B(BA)
            # reconstruction
            recon_loss_A = recon_criterion(ABA, A)
            recon_loss_B = recon_criterion(BAB, B)
            # adversarial + feature matching, domain A
            A_dis_real, A_feats_real = dis_A(A)
            A_dis_fake, A_feats_fake = dis_A(BA)
            dis_loss_A, gen_loss_A = get_gan_loss(A_dis_real, A_dis_fake, gan_criterion, cuda)
            fm_loss_A = get_fm_loss(A_feats_real, A_feats_fake, feat_criterion)
            # adversarial + feature matching, domain B
            B_dis_real, B_feats_real = dis_B(B)
            B_dis_fake, B_feats_fake = dis_B(AB)
            dis_loss_B, gen_loss_B = get_gan_loss(B_dis_real, B_dis_fake, gan_criterion, cuda)
            fm_loss_B = get_fm_loss(B_feats_real, B_feats_fake, feat_criterion)
            rate = args.starting_rate if iters < args.gan_curriculum else args.default_rate
            gen_loss_A_total = (gen_loss_B * 0.1 + fm_loss_B * 0.9) * (1. - rate) + recon_loss_A * rate
            gen_loss_B_total = (gen_loss_A * 0.1 + fm_loss_A * 0.9) * (1. - rate) + recon_loss_B * rate
            if args.model_arch == 'discogan':
                gen_loss = gen_loss_A_total + gen_loss_B_total
                dis_loss = dis_loss_A + dis_loss_B
            elif args.model_arch == 'recongan':
                gen_loss = gen_loss_A_total
                dis_loss = dis_loss_B
            elif args.model_arch == 'gan':
                gen_loss = (gen_loss_B * 0.1 + fm_loss_B * 0.9)
                dis_loss = dis_loss_B
            if iters % args.update_interval == 0:
                dis_loss.backward()
                optim_dis.step()
            else:
                gen_loss.backward()
                optim_gen.step()
            if iters % args.log_interval == 0:
                print("---------------------")
                print("GEN Loss:", as_np(gen_loss_A.mean()), as_np(gen_loss_B.mean()))
                print("Feature Matching Loss:", as_np(fm_loss_A.mean()), as_np(fm_loss_B.mean()))
                print("RECON Loss:", as_np(recon_loss_A.mean()), as_np(recon_loss_B.mean()))
                print("DIS Loss:", as_np(dis_loss_A.mean()), as_np(dis_loss_B.mean()))
            if iters % args.image_save_interval == 0:
                # translate the whole fixed test set in one pass for the snapshot
                AB = gen_B(test_A)
                BA = gen_A(test_B)
                ABA = gen_A(AB)
                BAB = gen_B(BA)
                n_testset = min(test_A.size()[0], test_B.size()[0])
                subdir_path = os.path.join(result_path, str(iters / args.image_save_interval))
                if not os.path.exists(subdir_path):
                    os.makedirs(subdir_path)
                for k in range(n_testset):
                    A_val = test_A[k].cpu().data.numpy().transpose(1, 2, 0) * 255.
                    B_val = test_B[k].cpu().data.numpy().transpose(1, 2, 0) * 255.
                    BA_val = BA[k].cpu().data.numpy().transpose(1, 2, 0) * 255.
                    ABA_val = ABA[k].cpu().data.numpy().transpose(1, 2, 0) * 255.
                    AB_val = AB[k].cpu().data.numpy().transpose(1, 2, 0) * 255.
                    BAB_val = BAB[k].cpu().data.numpy().transpose(1, 2, 0) * 255.
                    stem = os.path.join(subdir_path, str(k))
                    scipy.misc.imsave(stem + '.A.jpg', A_val.astype(np.uint8)[:, :, ::-1])
                    scipy.misc.imsave(stem + '.B.jpg', B_val.astype(np.uint8)[:, :, ::-1])
                    scipy.misc.imsave(stem + '.BA.jpg', BA_val.astype(np.uint8)[:, :, ::-1])
                    scipy.misc.imsave(stem + '.AB.jpg', AB_val.astype(np.uint8)[:, :, ::-1])
                    scipy.misc.imsave(stem + '.ABA.jpg', ABA_val.astype(np.uint8)[:, :, ::-1])
                    scipy.misc.imsave(stem + '.BAB.jpg', BAB_val.astype(np.uint8)[:, :, ::-1])
            if iters % args.model_save_interval == 0:
                torch.save(gen_A, os.path.join(model_path, 'model_gen_A-' + str(iters / args.model_save_interval)))
                torch.save(gen_B, os.path.join(model_path, 'model_gen_B-' + str(iters / args.model_save_interval)))
                torch.save(dis_A, os.path.join(model_path, 'model_dis_A-' + str(iters / args.model_save_interval)))
                torch.save(dis_B, os.path.join(model_path, 'model_dis_B-' + str(iters / args.model_save_interval)))
            iters += 1

if __name__ == "__main__":
    main()
