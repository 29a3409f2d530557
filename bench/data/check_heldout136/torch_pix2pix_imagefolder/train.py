import os, time, pickle, argparse, network, helpers
import torch
import torch.nn as nn
import torch.optim as optim
from torchvision import transforms
from torch.autograd import Variable

ap = argparse.ArgumentParser()
ap.add_argument('--dataset', required=False, default='facades',  help='dataset setting')
ap.add_argument('--train_subfolder', required=False, default='train',  help='train subfolder setting')
ap.add_argument('--test_subfolder', required=False, default='val',  help='test subfolder setting')
ap.add_argument('--batch_size', type=int, default=1, help='batch size setting')
ap.add_argument('--test_batch_size', type=int, default=5, help='test batch size setting')
ap.add_argument('--ngf', type=int, default=64)
ap.add_argument('--ndf', type=int, default=64)
ap.add_argument('--input_size', type=int, default=256, help='input size setting')
ap.add_argument('--crop_size', type=int, default=256, help='crop size setting')
ap.add_argument('--resize_scale', type=int, default=286, help='resize scale setting')
ap.add_argument('--fliplr', type=bool, default=True, help='fliplr setting')
ap.add_argument('--train_epoch', type=int, default=200, help='train epoch setting')
ap.add_argument('--lrD', type=float, default=0.0002, help='lrD setting')
ap.add_argument('--lrG', type=float, default=0.0002, help='lrG setting')
ap.add_argument('--L1_lambda', type=float, default=100, help='L1 lambda setting')
ap.add_argument('--beta1', type=float, default=0.5, help='beta1 setting')
ap.add_argument('--beta2', type=float, default=0.999, help='beta2 setting')
ap.add_argument('--save_root', required=False, default='outputs', help='save root setting')
ap.add_argument('--inverse_order', type=bool, default=True, help='inverse order setting')
hp = ap.parse_args()
print(hp)


out_dir = hp.dataset + '_' + hp.save_root + '/'
prefix = hp.dataset + '_'
if not os.path.isdir(out_dir):
    os.mkdir(out_dir)
if not os.path.isdir(out_dir + 'probe_imgs'):
    os.mkdir(out_dir + 'probe_imgs')


tf = transforms.Compose([
        transforms.ToTensor(),
        transforms.Normalize(mean=(0.5, 0.5, 0.5), std=(0.5, 0.5, 0.5))
])
train_dl = helpers.folder_loader('data/' + hp.dataset, hp.train_subfolder, tf, hp.batch_size, mix=True)
val_dl = helpers.folder_loader('data/' + hp.dataset, hp.test_subfolder, tf, hp.test_batch_size, mix=True)
probe = val_dl.__iter__().__next__()[0]
side = probe.size()[2]
if hp.inverse_order:
    probe_tgt = probe[:, :, :, 0:side]
    probe_src = probe[:, :, :, side:]
else:
    probe_src = probe[:, :, :, 0:side]
    probe_tgt = probe[:, :, :, side:]

if side != hp.input_size:
    probe_src = helpers.resize_batch(probe_src, hp.input_size)
    probe_tgt = helpers.resize_batch(probe_tgt, hp.input_size)


gen = network.generator(hp.ngf)
disc = network.discriminator(hp.ndf)
gen.weight_init(mean=0.0, std=0.02)
disc.weight_init(mean=0.0, std=0.02)
gen.cuda()
disc.cuda()
gen.train()
disc.train()


bce = nn.BCELoss().cuda()
l1 = nn.L1Loss().cuda()


opt_gen = optim.Adam(gen.parameters(), lr=hp.lrG, betas=(hp.beta1, hp.beta2))
opt_disc = optim.Adam(disc.parameters(), lr=hp.lrD, betas=(hp.beta1, hp.beta2))

history = {}
history['d'] = []
history['g'] = []
history['ep_secs'] = []
history['all_secs'] = []

print('begin')
t0 = time.time()
for ep in range(hp.train_epoch):
    d_hist = []
    g_hist = []
    ep_t0 = time.time()
    n_it = 0
    for src_b, _lbl in train_dl:

        disc.zero_grad()

        if hp.inverse_order:
            tgt_b = src_b[:, :, :, 0:side]
            src_b = src_b[:, :, :, side:]
        else:
            tgt_b = src_b[:, :, :, side:]
            src_b = src_b[:, :, :, 0:side]

        if side != hp.input_size:
            src_b = helpers.resize_batch(src_b, hp.input_size)
            tgt_b = helpers.resize_batch(tgt_b, hp.input_size)

        if hp.resize_scale:
            src_b = helpers.resize_batch(src_b, hp.resize_scale)
            tgt_b = helpers.resize_batch(tgt_b, hp.resize_scale)

        if hp.crop_size:
            src_b, tgt_b = helpers.crop_pair(src_b, tgt_b, hp.crop_size)

        if hp.fliplr:
            src_b, tgt_b = helpers.flip_pair(src_b, tgt_b)

        src_b, tgt_b = Variable(src_b.cuda()), Variable(tgt_b.cuda())

        d_out = disc(src_b, tgt_b).squeeze()
        d_real = bce(d_out, Variable(torch.ones(d_out.size()).cuda()))

        g_out = gen(src_b)
        d_out = disc(src_b, g_out).squeeze()
        d_fake = bce(d_out, Variable(torch.zeros(d_out.size()).cuda()))

        d_total = (d_real + d_fake) * 0.5
        d_total.backward()
        opt_disc.step()

        history['d'].append(d_total.data[0])

        d_hist.append(d_total.data[0])


        gen.zero_grad()

        g_out = gen(src_b)
        d_out = disc(src_b, g_out).squeeze()

        g_total = bce(d_out, Variable(torch.ones(d_out.size()).cuda())) + hp.L1_lambda * l1(g_out, tgt_b)
        g_total.backward()
        opt_gen.step()

        history['g'].append(g_total.data[0])

        g_hist.append(g_total.data[0])

        n_it += 1

    ep_t1 = time.time()
    ep_secs = ep_t1 - ep_t0

    print('ep %d of %d, %.2fs, d %.3f, g %.3f' % ((ep + 1), hp.train_epoch, ep_secs, torch.mean(torch.FloatTensor(d_hist)),
                                                              torch.mean(torch.FloatTensor(g_hist))))
    snap_path = out_dir + 'probe_imgs/' + prefix + str(ep + 1) + '.png'
    helpers.save_preview(gen, Variable(probe_src.cuda(), volatile=True), probe_tgt, (ep+1), save=True, path=snap_path)
    history['ep_secs'].append(ep_secs)

t1 = time.time()
all_secs = t1 - t0
history['all_secs'].append(all_secs)

print("mean epoch %.2fs over %d epochs, all %.2fs" % (torch.mean(torch.FloatTensor(history['ep_secs'])), hp.train_epoch, all_secs))
print("done, writing outputs")
torch.save(gen.state_dict(), out_dir + prefix + 'gen_weights.pkl')
torch.save(disc.state_dict(), out_dir + prefix + 'disc_weights.pkl')
with open(out_dir + prefix + 'history.pkl', 'wb') as fh:
    pickle.dump(history, fh)

helpers.plot_history(history, save=True, path=out_dir + prefix + 'history.png')
helpers.make_gif(out_dir, prefix, hp)
