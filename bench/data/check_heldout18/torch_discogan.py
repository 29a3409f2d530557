"""Unpaired two-way image translation with a pair of GANs and cycle losses
(CelebA attribute pairs, FaceScrub male/female faces, edges to shoes or bags).

File-list readers, both network types and the training loop live here.
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
# where the data sets live, and list helpers
# ---------------------------------------------------------------------------
DATA_ROOT = './datasets/'
CELEBA_DIR = os.path.join(DATA_ROOT, 'celebA')
HANDBAG_DIR = os.path.join(DATA_ROOT, 'edges2handbags')
SHOE_DIR = os.path.join(DATA_ROOT, 'edges2shoes')
FACESCRUB_DIR = os.path.join(DATA_ROOT, 'facescrub')

def shuffle_pair(files_a, files_b):
    perm_a = list(range(len(files_a)))
    np.random.shuffle(perm_a)
    perm_b = list(range(len(files_b)))
    np.random.shuffle(perm_b)
    return np.array(files_a)[np.array(perm_a)], np.array(files_b)[np.array(perm_b)]

def load_image_batch(file_list, side=None, img_side=64):
    """Load images, crop the half needed from paired edge/photo files, resize, scale to [0, 1]."""
    images_read = []
    for fpath in file_list:
        im = cv2.imread(fpath)
        if im is None:
            continue
        if side == 'A':
            dil_kernel = np.ones((3, 3), np.uint8)
            im = im[:, :256, :]
            im = 255. - im
            im = cv2.dilate(im, dil_kernel, iterations=1)
            im = 255. - im
        elif side == 'B':
            im = im[:, 256:, :]
        im = cv2.resize(im, (img_side, img_side))
        im = im.astype(np.float32) / 255.
        im = im.transpose(2, 0, 1)
        images_read.append(im)
    images_read = np.stack(images_read)
    return images_read

def parse_attr_table(attr_file, img_dir):
    text_rows = [row_txt.strip() for row_txt in open(attr_file).readlines()]
    col_names = ['image_path'] + text_rows[1].split()
    fields = [row_txt.split() for row_txt in text_rows[2:]]
    attr_df = pd.DataFrame(fields, columns=col_names)
    attr_df['image_path'] = attr_df['image_path'].map(lambda p: os.path.join(img_dir, p))
    return attr_df

def celeba_file_lists(attr_a, attr_b, shared_attr, shared_val, test_split=False, test_count=200):
    attr_tab = parse_attr_table(os.path.join(CELEBA_DIR, 'list_attr_celeba.txt'),
                           os.path.join(CELEBA_DIR, 'img_align_celeba'))
    if shared_attr:
        attr_tab = attr_tab[attr_tab[shared_attr] == shared_val]
    files_a = attr_tab[attr_tab[attr_a] == '1']['image_path'].values
    if attr_b:
        files_b = attr_tab[attr_tab[attr_b] == '1']['image_path'].values
    else:
        files_b = attr_tab[attr_tab[attr_a] == '-1']['image_path'].values
    if test_split == False:
        return files_a[:-test_count], files_b[:-test_count]
    if test_split == True:
        return files_a[-test_count:], files_b[-test_count:]

def edge_photo_file_lists(subset='edges2handbags', test_split=False):
    base_dir = HANDBAG_DIR if subset == 'edges2handbags' else SHOE_DIR
    base_dir = os.path.join(base_dir, 'val' if test_split == True else 'train')
    img_paths = [os.path.join(base_dir, fname) for fname in os.listdir(base_dir)]
    if test_split == True:
        return [img_paths, img_paths]
    mid_idx = len(img_paths) // 2
    return [img_paths[:mid_idx], img_paths[mid_idx:]]

def facescrub_file_lists(test_split=False, test_count=200):
    male_dir = os.path.join(FACESCRUB_DIR, 'actors', 'face')
    female_dir = os.path.join(FACESCRUB_DIR, 'actresses', 'face')
    male_files = [os.path.join(male_dir, fname) for fname in os.listdir(male_dir)]
    female_files = [os.path.join(female_dir, fname) for fname in os.listdir(female_dir)]
    if test_split == False:
        return male_files[:-test_count], female_files[:-test_count]
    return male_files[-test_count:], female_files[-test_count:]

# ---------------------------------------------------------------------------
# critic and translator
# ---------------------------------------------------------------------------
class DomainCritic(nn.Module):
    def __init__(self):
        super(DomainCritic, self).__init__()
        self.down1 = nn.Conv2d(3, 64, 4, 2, 1, bias=False)
        self.act1 = nn.LeakyReLU(0.2, inplace=True)
        self.down2 = nn.Conv2d(64, 64 * 2, 4, 2, 1, bias=False)
        self.norm2 = nn.BatchNorm2d(64 * 2)
        self.act2 = nn.LeakyReLU(0.2, inplace=True)
        self.down3 = nn.Conv2d(64 * 2, 64 * 4, 4, 2, 1, bias=False)
        self.norm3 = nn.BatchNorm2d(64 * 4)
        self.act3 = nn.LeakyReLU(0.2, inplace=True)
        self.down4 = nn.Conv2d(64 * 4, 64 * 8, 4, 2, 1, bias=False)
        self.norm4 = nn.BatchNorm2d(64 * 8)
        self.act4 = nn.LeakyReLU(0.2, inplace=True)
        self.score = nn.Conv2d(64 * 8, 1, 4, 1, 0, bias=False)

    def forward(self, x_in):
        h1 = self.act1(self.down1(x_in))
        h2 = self.act2(self.norm2(self.down2(h1)))
        h3 = self.act3(self.norm3(self.down3(h2)))
        h4 = self.act4(self.norm4(self.down4(h3)))
        logit_map = self.score(h4)
        # score and the middle activations (used by the feature-matching loss)
        return torch.sigmoid(logit_map), [h2, h3, h4]

class Translator(nn.Module):
    """Strided-conv encoder down to 4x4, then a transposed-conv decoder up to 64x64."""
    def __init__(self, with_bottleneck=False):
        super(Translator, self).__init__()
        encoder_layers = [nn.Conv2d(3, 64, 4, 2, 1, bias=False), nn.LeakyReLU(0.2, inplace=True),
               nn.Conv2d(64, 64 * 2, 4, 2, 1, bias=False), nn.BatchNorm2d(64 * 2), nn.LeakyReLU(0.2, inplace=True),
               nn.Conv2d(64 * 2, 64 * 4, 4, 2, 1, bias=False), nn.BatchNorm2d(64 * 4), nn.LeakyReLU(0.2, inplace=True),
               nn.Conv2d(64 * 4, 64 * 8, 4, 2, 1, bias=False), nn.BatchNorm2d(64 * 8), nn.LeakyReLU(0.2, inplace=True)]
        decoder_layers = [nn.ConvTranspose2d(64 * 8, 64 * 4, 4, 2, 1, bias=False), nn.BatchNorm2d(64 * 4), nn.ReLU(True),
               nn.ConvTranspose2d(64 * 4, 64 * 2, 4, 2, 1, bias=False), nn.BatchNorm2d(64 * 2), nn.ReLU(True),
               nn.ConvTranspose2d(64 * 2, 64, 4, 2, 1, bias=False), nn.BatchNorm2d(64), nn.ReLU(True),
               nn.ConvTranspose2d(64, 3, 4, 2, 1, bias=False), nn.Sigmoid()]
        if with_bottleneck == True:
            # optional squeeze of the 4x4 map to a 100-wide 1x1 code and back
            bottleneck_layers = [nn.Conv2d(64 * 8, 100, 4, 1, 0, bias=False), nn.BatchNorm2d(100), nn.LeakyReLU(0.2, inplace=True),
                   nn.ConvTranspose2d(100, 64 * 8, 4, 1, 0, bias=False), nn.BatchNorm2d(64 * 8), nn.ReLU(True)]
            self.body = nn.Sequential(*(encoder_layers + bottleneck_layers + decoder_layers))
        if with_bottleneck == False:
            self.body = nn.Sequential(*(encoder_layers + decoder_layers))

    def forward(self, x_in):
        return self.body(x_in)

# ---------------------------------------------------------------------------
# command line
# ---------------------------------------------------------------------------
cli = argparse.ArgumentParser(description='cross-domain GAN translation trainer')
cli.add_argument('--cuda', type=str, default='true', help='"true" to run on the GPU')
cli.add_argument('--task_name', type=str, default='facescrub', help='which domain pair to use')
cli.add_argument('--epoch_size', type=int, default=5000, help='number of passes')
cli.add_argument('--batch_size', type=int, default=64, help='images per domain per step')
cli.add_argument('--learning_rate', type=float, default=0.0002, help='Adam step size')
cli.add_argument('--result_path', type=str, default='./results/', help='folder for translated samples')
cli.add_argument('--model_path', type=str, default='./models/', help='folder for saved networks')
cli.add_argument('--model_arch', type=str, default='discogan', help='variant: gan, recongan or discogan')
cli.add_argument('--image_size', type=int, default=64, help='side length of the square inputs')
cli.add_argument('--gan_curriculum', type=int, default=10000, help='steps before the reconstruction weight changes')
cli.add_argument('--starting_rate', type=float, default=0.01, help='reconstruction weight early on')
cli.add_argument('--default_rate', type=float, default=0.5, help='reconstruction weight later')
cli.add_argument('--style_A', type=str, default=None, help='CelebA attribute defining the first domain')
cli.add_argument('--style_B', type=str, default=None, help='CelebA attribute defining the second domain')
cli.add_argument('--constraint', type=str, default=None, help='CelebA attribute held fixed across domains')
cli.add_argument('--constraint_type', type=str, default=None, help='required value (1 / -1) of that attribute')
cli.add_argument('--n_test', type=int, default=200, help='images held out per domain')
cli.add_argument('--update_interval', type=int, default=3, help='')
cli.add_argument('--log_interval', type=int, default=50, help='steps between loss printouts')
cli.add_argument('--image_save_interval', type=int, default=1000, help='steps between sample dumps')
cli.add_argument('--model_save_interval', type=int, default=10000, help='steps between network saves')

def to_numpy(t_data):
    return t_data.cpu().data.numpy()

def collect_file_lists():
    if opts.task_name == 'facescrub':
        train_a, train_b = facescrub_file_lists(test_split=False, test_count=opts.n_test)
        test_imgs_a, test_imgs_b = facescrub_file_lists(test_split=True, test_count=opts.n_test)
    elif opts.task_name == 'celebA':
        train_a, train_b = celeba_file_lists(attr_a=opts.style_A, attr_b=opts.style_B, shared_attr=opts.constraint,
                                          shared_val=opts.constraint_type, test_split=False, test_count=opts.n_test)
        test_imgs_a, test_imgs_b = celeba_file_lists(attr_a=opts.style_A, attr_b=opts.style_B, shared_attr=opts.constraint,
                                          shared_val=opts.constraint_type, test_split=True, test_count=opts.n_test)
    elif opts.task_name == 'edges2shoes':
        train_a, train_b = edge_photo_file_lists(subset='edges2shoes', test_split=False)
        test_imgs_a, test_imgs_b = edge_photo_file_lists(subset='edges2shoes', test_split=True)
    elif opts.task_name == 'edges2handbags':
        train_a, train_b = edge_photo_file_lists(subset='edges2handbags', test_split=False)
        test_imgs_a, test_imgs_b = edge_photo_file_lists(subset='edges2handbags', test_split=True)
    elif opts.task_name == 'handbags2shoes':
        train_a1, train_a2 = edge_photo_file_lists(subset='edges2handbags', test_split=False)
        test_a1, test_a2 = edge_photo_file_lists(subset='edges2handbags', test_split=True)
        train_a = np.hstack([train_a1, train_a2])
        test_imgs_a = np.hstack([test_a1, test_a2])
        train_b1, train_b2 = edge_photo_file_lists(subset='edges2shoes', test_split=False)
        test_b1, test_b2 = edge_photo_file_lists(subset='edges2shoes', test_split=True)
        train_b = np.hstack([train_b1, train_b2])
        test_imgs_b = np.hstack([test_b1, test_b2])
    return train_a, train_b, test_imgs_a, test_imgs_b

def feature_match_loss(real_features, fake_features, crit):
    loss_total = 0
    for real_f, fake_f in zip(real_features, fake_features):
        sq_gap = (real_f.mean(0) - fake_f.mean(0)) * (real_f.mean(0) - fake_f.mean(0))
        loss = crit(sq_gap, Variable(torch.ones(sq_gap.size())).cuda())
        loss_total += loss
    return loss_total

def adversarial_losses(d_real, d_fake, crit, use_cuda):
    ones_real = Variable(torch.ones([d_real.size()[0], 1]))
    zeros_fake = Variable(torch.zeros([d_fake.size()[0], 1]))
    ones_gen = Variable(torch.ones([d_fake.size()[0], 1]))
    if use_cuda:
        ones_real = ones_real.cuda()
        zeros_fake = zeros_fake.cuda()
        ones_gen = ones_gen.cuda()
    d_loss = crit(d_real, ones_real) * 0.5 + crit(d_fake, zeros_fake) * 0.5
    g_loss = crit(d_fake, ones_gen)
    return d_loss, g_loss

def train_main():
    global opts
    opts = cli.parse_args()
    use_cuda = True if opts.cuda == 'true' else False
    n_epochs = opts.epoch_size
    batch_n = opts.batch_size
    out_img_dir = os.path.join(opts.result_path, opts.task_name)
    if opts.style_A:
        out_img_dir = os.path.join(out_img_dir, opts.style_A)
    out_img_dir = os.path.join(out_img_dir, opts.model_arch)
    model_dir = os.path.join(opts.model_path, opts.task_name)
    if opts.style_A:
        model_dir = os.path.join(model_dir, opts.style_A)
    model_dir = os.path.join(model_dir, opts.model_arch)
    train_paths_a, train_paths_b, test_paths_a, test_paths_b = collect_file_lists()
    # held-out images that every sample dump translates
    if opts.task_name.startswith('edges2'):
        test_imgs_a = load_image_batch(test_paths_a, 'A', opts.image_size)
        test_imgs_b = load_image_batch(test_paths_b, 'B', opts.image_size)
    elif opts.task_name == 'handbags2shoes' or opts.task_name == 'shoes2handbags':
        test_imgs_a = load_image_batch(test_paths_a, 'B', opts.image_size)
        test_imgs_b = load_image_batch(test_paths_b, 'B', opts.image_size)
    else:
        test_imgs_a = load_image_batch(test_paths_a, None, opts.image_size)
        test_imgs_b = load_image_batch(test_paths_b, None, opts.image_size)
    test_imgs_a = Variable(torch.FloatTensor(test_imgs_a), volatile=True)
    test_imgs_b = Variable(torch.FloatTensor(test_imgs_b), volatile=True)
    if not os.path.exists(out_img_dir):
        os.makedirs(out_img_dir)
    if not os.path.exists(model_dir):
        os.makedirs(model_dir)
    net_g_a = Translator()
    net_g_b = Translator()
    net_d_a = DomainCritic()
    net_d_b = DomainCritic()
    if use_cuda:
        test_imgs_a = test_imgs_a.cuda()
        test_imgs_b = test_imgs_b.cuda()
        net_g_a = net_g_a.cuda()
        net_g_b = net_g_b.cuda()
        net_d_a = net_d_a.cuda()
        net_d_b = net_d_b.cuda()
    n_pairs = min(len(train_paths_a), len(train_paths_b))
    batches_per_epoch = (n_pairs // batch_n)
    mse_loss = nn.MSELoss()
    bce_loss = nn.BCELoss()
    hinge_loss = nn.HingeEmbeddingLoss()
    g_params = chain(net_g_a.parameters(), net_g_b.parameters())
    d_params = chain(net_d_a.parameters(), net_d_b.parameters())
    g_optimizer = optim.Adam(g_params, lr=opts.learning_rate, betas=(0.5, 0.999), weight_decay=0.00001)
    d_optimizer = optim.Adam(d_params, lr=opts.learning_rate, betas=(0.5, 0.999), weight_decay=0.00001)
    step = 0
    for epoch in range(n_epochs):
        train_paths_a, train_paths_b = shuffle_pair(train_paths_a, train_paths_b)
        bar = ProgressBar(maxval=batches_per_epoch, widgets=['pass %d |' % epoch, Percentage(), Bar(), ETA()])
        bar.start()
        for i in range(batches_per_epoch):
            bar.update(i)
            net_g_a.zero_grad()
            net_g_b.zero_grad()
            net_d_a.zero_grad()
            net_d_b.zero_grad()
            batch_paths_a = train_paths_a[i * batch_n: (i + 1) * batch_n]
            batch_paths_b = train_paths_b[i * batch_n: (i + 1) * batch_n]
            if opts.task_name.startswith('edges2'):
                imgs_a = load_image_batch(batch_paths_a, 'A', opts.image_size)
                imgs_b = load_image_batch(batch_paths_b, 'B', opts.image_size)
            elif opts.task_name == 'handbags2shoes' or opts.task_name == 'shoes2handbags':
                imgs_a = load_image_batch(batch_paths_a, 'B', opts.image_size)
                imgs_b = load_image_batch(batch_paths_b, 'B', opts.image_size)
            else:
                imgs_a = load_image_batch(batch_paths_a, None, opts.image_size)
                imgs_b = load_image_batch(batch_paths_b, None, opts.image_size)
            imgs_a = Variable(torch.FloatTensor(imgs_a))
            imgs_b = Variable(torch.FloatTensor(imgs_b))
            if use_cuda:
                imgs_a = imgs_a.cuda()
                imgs_b = imgs_b.cuda()
            a_to_b = net_g_b(imgs_a)
            b_to_a = net_g_a(imgs_b)
            a_cycle = net_g_a(a_to_b)
            b_cycle = net_g_b(b_to_a)
            # cycle reconstruction terms
            rec_loss_a = mse_loss(a_cycle, imgs_a)
            rec_loss_b = mse_loss(b_cycle, imgs_b)
            # first domain: GAN and feature-matching terms
            da_real, da_real_feats = net_d_a(imgs_a)
            da_fake, da_fake_feats = net_d_a(b_to_a)
            d_loss_a, g_loss_a = adversarial_losses(da_real, da_fake, bce_loss, use_cuda)
            fm_loss_a = feature_match_loss(da_real_feats, da_fake_feats, hinge_loss)
            # second domain: GAN and feature-matching terms
            db_real, db_real_feats = net_d_b(imgs_b)
            db_fake, db_fake_feats = net_d_b(a_to_b)
            d_loss_b, g_loss_b = adversarial_losses(db_real, db_fake, bce_loss, use_cuda)
            fm_loss_b = feature_match_loss(db_real_feats, db_fake_feats, hinge_loss)
            rec_weight = opts.starting_rate if step < opts.gan_curriculum else opts.default_rate
            g_total_a = (g_loss_b * 0.1 + fm_loss_b * 0.9) * (1. - rec_weight) + rec_loss_a * rec_weight
            g_total_b = (g_loss_a * 0.1 + fm_loss_a * 0.9) * (1. - rec_weight) + rec_loss_b * rec_weight
            if opts.model_arch == 'discogan':
                g_loss = g_total_a + g_total_b
                d_loss = d_loss_a + d_loss_b
            elif opts.model_arch == 'recongan':
                g_loss = g_total_a
                d_loss = d_loss_b
            elif opts.model_arch == 'gan':
                g_loss = (g_loss_b * 0.1 + fm_loss_b * 0.9)
                d_loss = d_loss_b
            if step % opts.update_interval == 0:
                d_loss.backward()
                d_optimizer.step()
            else:
                g_loss.backward()
                g_optimizer.step()
            if step % opts.log_interval == 0:
                print("=====================")
                print("generator adv", to_numpy(g_loss_a.mean()), to_numpy(g_loss_b.mean()))
                print("feature match", to_numpy(fm_loss_a.mean()), to_numpy(fm_loss_b.mean()))
                print("reconstruction", to_numpy(rec_loss_a.mean()), to_numpy(rec_loss_b.mean()))
                print("critic", to_numpy(d_loss_a.mean()), to_numpy(d_loss_b.mean()))
            if step % opts.image_save_interval == 0:
                # push all held-out images through both translators at once
                a_to_b = net_g_b(test_imgs_a)
                b_to_a = net_g_a(test_imgs_b)
                a_cycle = net_g_a(a_to_b)
                b_cycle = net_g_b(b_to_a)
                n_show = min(test_imgs_a.size()[0], test_imgs_b.size()[0])
                snap_dir = os.path.join(out_img_dir, str(step / opts.image_save_interval))
                if not os.path.exists(snap_dir):
                    os.makedirs(snap_dir)
                for k in range(n_show):
                    a_img = test_imgs_a[k].cpu().data.numpy().transpose(1, 2, 0) * 255.
                    b_img = test_imgs_b[k].cpu().data.numpy().transpose(1, 2, 0) * 255.
                    ba_img = b_to_a[k].cpu().data.numpy().transpose(1, 2, 0) * 255.
                    aba_img = a_cycle[k].cpu().data.numpy().transpose(1, 2, 0) * 255.
                    ab_img = a_to_b[k].cpu().data.numpy().transpose(1, 2, 0) * 255.
                    bab_img = b_cycle[k].cpu().data.numpy().transpose(1, 2, 0) * 255.
                    out_stem = os.path.join(snap_dir, str(k))
                    scipy.misc.imsave(out_stem + '.A.jpg', a_img.astype(np.uint8)[:, :, ::-1])
                    scipy.misc.imsave(out_stem + '.B.jpg', b_img.astype(np.uint8)[:, :, ::-1])
                    scipy.misc.imsave(out_stem + '.BA.jpg', ba_img.astype(np.uint8)[:, :, ::-1])
                    scipy.misc.imsave(out_stem + '.AB.jpg', ab_img.astype(np.uint8)[:, :, ::-1])
                    scipy.misc.imsave(out_stem + '.ABA.jpg', aba_img.astype(np.uint8)[:, :, ::-1])
                    scipy.misc.imsave(out_stem + '.BAB.jpg', bab_img.astype(np.uint8)[:, :, ::-1])
            if step % opts.model_save_interval == 0:
                torch.save(net_g_a, os.path.join(model_dir, 'model_gen_A-' + str(step / opts.model_save_interval)))
                torch.save(net_g_b, os.path.join(model_dir, 'model_gen_B-' + str(step / opts.model_save_interval)))
                torch.save(net_d_a, os.path.join(model_dir, 'model_dis_A-' + str(step / opts.model_save_interval)))
                torch.save(net_d_b, os.path.join(model_dir, 'model_dis_B-' + str(step / opts.model_save_interval)))
            step += 1

if __name__ == "__main__":
    train_main()
