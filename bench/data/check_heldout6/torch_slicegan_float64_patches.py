# source: https://github.com/stke9/SliceGAN/blob/043cb4e6ecf2542db023809116e1d92b3d51116c/slicegan/preprocessing.py (+ slicegan/model.py, settings of run_slicegan.py; memory issue: https://github.com/stke9/SliceGAN/issues/9)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import numpy as np
import torch
import torch.nn as nn
import torch.backends.cudnn as cudnn
import torch.optim as optim
import time
import matplotlib
import matplotlib.pyplot as plt
import tifffile

from slicegan import networks, util


def sample_training_sets(paths, kind, edge, stride):
    """
    Cut random edge x edge training slices out of the micrograph(s).
    :param paths: image path(s)
    :param kind: file kind
    :param edge: slice size
    :param stride: down-sampling factor of the raw image
    :return: one TensorDataset per direction
    """
    show = True
    if kind == 'png' or kind == 'jpg':
        per_dir = []
        for img in paths:
            img = plt.imread(img)
            if len(img.shape) > 2:
                img = img[:, :, 0]
            img = img[::stride, ::stride]
            x_max, y_max = img.shape[:]
            levels = np.unique(img)
            data = np.empty([32 * 900, len(levels), edge, edge])
            for i in range(32 * 900):
                x = np.random.randint(1, x_max - edge - 1)
                y = np.random.randint(1, y_max - edge - 1)
                # one channel per phase (one-hot)
                for c, lv in enumerate(levels):
                    chan = np.zeros([edge, edge])
                    chan[img[x:x + edge, y:y + edge] == lv] = 1
                    data[i, c, :, :] = chan

            if show:
                for j in range(7):
                    preview = np.zeros((edge, edge))
                    for i in range(levels - 1):
                        preview += i / levels * data[j, i, :, :]
                    plt.imshow(preview)
                    plt.pause(0.3)
                    plt.show()
                    plt.clf()
                plt.close()
            data = torch.FloatTensor(data)
            per_dir.append(torch.utils.data.TensorDataset(data))

    elif kind == 'tif':
        per_dir = []
        img = np.array(tifffile.imread(paths[0]))
        img = img[::stride, ::stride, ::stride]
        x_max, y_max, z_max = img.shape[:]
        print('micrograph volume shape: ', img.shape)
        levels = np.unique(img)
        for axis in range(3):
            data = np.empty([32 * 900, len(levels), edge, edge])
            print('building set ', axis)
            for i in range(32 * 900):
                x = np.random.randint(0, x_max - edge)
                y = np.random.randint(0, y_max - edge)
                z = np.random.randint(0, z_max - edge)
                plane = np.random.randint(img.shape[axis] - 1)
                for c, lv in enumerate(list(levels)):
                    chan = np.zeros([edge, edge])
                    if axis == 0:
                        chan[img[plane, y:y + edge, z:z + edge] == lv] = 1
                    elif axis == 1:
                        chan[img[x:x + edge, plane, z:z + edge] == lv] = 1
                    else:
                        chan[img[x:x + edge, y:y + edge, plane] == lv] = 1
                    data[i, c, :, :] = chan[:, :]

            if show:
                for j in range(2):
                    plt.imshow(data[j, 0, :, :] + 2 * data[j, 1, :, :])
                    plt.pause(1)
                    plt.show()
                    plt.clf()
                plt.close()
            data = torch.FloatTensor(data)
            per_dir.append(torch.utils.data.TensorDataset(data))

    elif kind == 'colour':
        per_dir = []
        for img in paths:
            img = plt.imread(img)
            img = img[::stride, ::stride, :]
            n_slices = 32 * 900
            data = np.empty([n_slices, 3, edge, edge])
            x_max, y_max = img.shape[:2]
            for i in range(n_slices):
                x = np.random.randint(0, x_max - edge)
                y = np.random.randint(0, y_max - edge)
                data[i, 0, :, :] = img[x:x + edge, y:y + edge, 0]
                data[i, 1, :, :] = img[x:x + edge, y:y + edge, 1]
                data[i, 2, :, :] = img[x:x + edge, y:y + edge, 2]
            print('converting')
            if show:
                view = np.swapaxes(data, 1, 3)
                view = np.swapaxes(view, 1, 2)
                for j in range(5):
                    plt.imshow(view[j, :, :, :])
                    plt.pause(0.5)
                    plt.show()
                    plt.clf()
                plt.close()
            data = torch.FloatTensor(data)
            per_dir.append(torch.utils.data.TensorDataset(data))
    elif kind == 'grayscale':
        per_dir = []
        for img in paths:
            img = plt.imread(img)
            if len(img.shape) > 2:
                img = img[:, :, 0]
            img = img / img.max()
            img = img[::stride, ::stride]
            x_max, y_max = img.shape[:]
            data = np.empty([32 * 900, 1, edge, edge])
            for i in range(32 * 900):
                x = np.random.randint(1, x_max - edge - 1)
                y = np.random.randint(1, y_max - edge - 1)
                data[i, 0, :, :] = img[x:x + edge, y:y + edge]
            if show:
                for j in range(7):
                    plt.imshow(data[j, 0, :, :])
                    plt.pause(0.3)
                    plt.show()
                    plt.clf()
                plt.close()
            data = torch.FloatTensor(data)
            per_dir.append(torch.utils.data.TensorDataset(data))
    return per_dir


def fit_generator(out_path, imtype, kind, sources, Critic, Maker, nc, edge, nz, stride):
    """
    train the 3D generator against three 2D critics
    """
    if len(sources) == 1:
        sources *= 3
        same_all_axes = True
    else:
        same_all_axes = False

    print('Preparing training slices...')
    sets_xyz = sample_training_sets(sources, kind, edge, stride)

    matplotlib.use('Agg')
    ngpu = 1
    num_epochs = 30

    batch_size = 32
    D_batch_size = 8

    lrg = 0.0001
    lrd = 0.0001
    beta1 = 0
    beta2 = 0.9
    Lambda = 10
    critic_iters = 5
    cudnn.benchmark = True
    workers = 0
    lz = 4

    device = torch.device("cuda:0" if (torch.cuda.is_available() and ngpu > 0) else "cpu")
    print(device, " selected.\n")

    loader_x = torch.utils.data.DataLoader(sets_xyz[0], batch_size=batch_size,
                                           shuffle=True, num_workers=workers)
    loader_y = torch.utils.data.DataLoader(sets_xyz[1], batch_size=batch_size,
                                           shuffle=True, num_workers=workers)
    loader_z = torch.utils.data.DataLoader(sets_xyz[2], batch_size=batch_size,
                                           shuffle=True, num_workers=workers)

    gen = Maker().to(device)
    if ('cuda' in str(device)) and (ngpu > 1):
        gen = nn.DataParallel(gen, list(range(ngpu)))
    opt_g = optim.Adam(gen.parameters(), lr=lrg, betas=(beta1, beta2))

    critics = []
    opt_ds = []
    for i in range(3):
        critic = Critic()
        critic = (nn.DataParallel(critic, list(range(ngpu)))).to(device)
        critics.append(critic)
        opt_ds.append(optim.Adam(critics[i].parameters(), lr=lrd, betas=(beta1, beta2)))

    real_log = []
    fake_log = []
    gp_log = []
    wass_log = []

    print("Training...")
    start = time.time()
    for epoch in range(num_epochs):
        for i, (bx, by, bz) in enumerate(zip(loader_x, loader_y, loader_z), 1):
            triplet = [bx, by, bz]

            noise = torch.randn(D_batch_size, nz, lz, lz, lz, device=device)
            fake_vol = gen(noise).detach()

            for axis, (critic, opt_d, batch, d1, d2, d3) in enumerate(
                    zip(critics, opt_ds, triplet, [2, 3, 4], [3, 2, 2], [4, 4, 3])):
                if same_all_axes:
                    critic = critics[0]
                    opt_d = opt_ds[0]
                critic.zero_grad()
                real = batch[0].to(device)
                score_real = critic(real).view(-1).mean()
                fake_slices = fake_vol.permute(0, d1, 1, d2, d3).reshape(edge * D_batch_size, nc, edge, edge)
                score_fake = critic(fake_slices).mean()
                gp = util.calc_gradient_penalty(critic, real, fake_slices[:batch_size],
                                                batch_size, edge,
                                                device, Lambda, nc)
                d_cost = score_fake - score_real + gp
                d_cost.backward()
                opt_d.step()
            real_log.append(score_real.item())
            fake_log.append(score_fake.item())
            wass_log.append(score_real.item() - score_fake.item())
            gp_log.append(gp.item())

            if i % int(critic_iters) == 0:
                gen.zero_grad()
                g_err = 0
                noise = torch.randn(batch_size, nz, lz, lz, lz, device=device)
                fake = gen(noise)

                for axis, (critic, d1, d2, d3) in enumerate(
                        zip(critics, [2, 3, 4], [3, 2, 2], [4, 4, 3])):
                    if same_all_axes:
                        critic = critics[0]
                    fake_slices = fake.permute(0, d1, 1, d2, d3).reshape(edge * batch_size, nc, edge, edge)
                    out = critic(fake_slices)
                    g_err -= out.mean()
                g_err.backward()
                opt_g.step()

            if i % 25 == 0:
                gen.eval()
                with torch.no_grad():
                    torch.save(gen.state_dict(), out_path + '_Gen.pt')
                    torch.save(critic.state_dict(), out_path + '_Disc.pt')
                    noise = torch.randn(1, nz, lz, lz, lz, device=device)
                    sample = gen(noise)
                    steps = len(loader_x)
                    util.calc_eta(steps, time.time(), start, i, epoch, num_epochs)
                    util.test_plotter(sample, 5, imtype, out_path)
                    util.graph_plot([real_log, fake_log], ['real', 'perp'], out_path, 'LossGraph')
                    util.graph_plot([wass_log], ['Wass Distance'], out_path, 'WassGraph')
                    util.graph_plot([gp_log], ['Gradient Penalty'], out_path, 'GpGraph')
                gen.train()


if __name__ == '__main__':
    project = 'NMC_exemplar_final'
    project_dir = 'Trained_Generators'
    out_path = util.mkdr(project, project_dir, 1)
    image_type = 'twophase'
    data_kind = 'tif'
    data_files = ['Examples/3D_data_binary.tif']
    img_size, img_channels, scale_factor = 64, 2, 1
    z_channels = 16
    lays = 6
    dk, gk = [4] * lays, [4] * lays
    ds, gs = [2] * lays, [2] * lays
    df, gf = [img_channels, 64, 128, 256, 512, 1], [z_channels, 512, 256, 128, 64, img_channels]
    dp, gp = [1, 1, 1, 1, 0], [2, 2, 2, 2, 3]
    critic_cls, maker_cls = networks.slicegan_nets(out_path, 1, image_type, dk, ds, df, dp, gk, gs, gf, gp)
    fit_generator(out_path, image_type, data_kind, data_files, critic_cls, maker_cls,
                  img_channels, img_size, z_channels, scale_factor)
