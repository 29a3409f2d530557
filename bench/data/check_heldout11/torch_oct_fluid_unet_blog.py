import numpy as np
import pandas as pd
import os
import numpy as np
import pandas as pd
import scipy.io
from skimage.transform import resize
import matplotlib.pyplot as plt
from tqdm import tqdm, trange
import gc
import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.optim as optim
from Unet import UNet
gc.collect()

use_gpu = torch.cuda.is_available()


def to_binary(val):
    if val == 0:
        return 0
    else:
        return 1

to_binary = np.vectorize(to_binary, otypes=[np.float])

def read_subjects(mat_paths, in_w, in_h, out_w, out_h):
    x_list = []
    y_list = []
    for mat_path in tqdm(mat_paths):
        mat_dict = scipy.io.loadmat(mat_path)
        img_raw = mat_dict['images']
        fluid_raw = mat_dict['manualFluid1']
        img_stack = np.transpose(img_raw, (2, 0 ,1)) / 255
        img_stack = resize(img_stack, (img_stack.shape[0], in_w, in_h))
        fluid_stack = np.transpose(fluid_raw, (2, 0 ,1))
        fluid_stack = to_binary(fluid_stack)
        fluid_stack  = resize(fluid_stack, (fluid_stack .shape[0], out_w, out_h))

        for b_scan in scan_ids:
            x_list += [np.expand_dims(img_stack[b_scan], 0)]
            y_list += [np.expand_dims(fluid_stack[b_scan], 0)]
    return np.array(x_list), np.array(y_list)

def load_oct_dataset(in_w, in_h, out_w, out_h):
    data_root = os.path.join('2015_boe_chiu', '2015_BOE_Chiu')
    subject_files = [os.path.join(data_root, 'Subject_0{}.mat'.format(i)) for i in range(1, 10)] + [os.path.join(data_root, 'Subject_10.mat')]
    scan_ids = [10, 15, 20, 25, 28, 30, 32, 35, 40, 45, 50]
    mat_dict = scipy.io.loadmat(subject_files[0])
    img_raw = mat_dict['images']
    fluid_raw_1 = mat_dict['manualFluid1']
    img_stack = np.transpose(img_raw, (2, 0, 1))
    fluid_stack_1 = np.transpose(fluid_raw_1, (2, 0, 1))
    train_x, train_y = read_subjects(subject_files[:9], in_w, in_h, out_w, out_h)
    val_x, val_y = read_subjects(subject_files[9:], in_w, in_h, out_w, out_h)
    return train_x, train_y,val_x,val_y

def fit_batch(batch_in, labels_t, sgd_optimizer, ce_loss_fn):
    sgd_optimizer.zero_grad()
    # forward, backward, update
    logits = unet_model(batch_in)
    # shape here: (batch, classes, cols, rows)
    logits = logits.permute(0, 2, 3, 1)
    # now: (batch, cols, rows, classes)
    logits = logits.resize(batch_n*out_w*out_h, 2)
    labels_t = labels_t.resize(batch_n*out_w*out_h)
    loss_t = ce_loss_fn(logits, labels_t)
    loss_t.backward()
    sgd_optimizer.step()
    return loss_t

def val_loss_of(val_x, val_y):
    val_x = torch.from_numpy(val_x).float()
    val_y = torch.from_numpy(val_y).long()
    if use_gpu:
        val_x = val_x.cuda()
        val_y = val_y.cuda()
    n_rows = val_x.shape[0]
    logits = unet_model(val_x)
    # shape here: (batch, classes, cols, rows)
    logits = logits.permute(0, 2, 3, 1)
    # now: (batch, cols, rows, classes)
    logits = logits.resize(n_rows*out_w*out_h, 2)
    labels_t = val_y.resize(n_rows*out_w*out_h)
    loss_t = F.cross_entropy(logits, labels_t)
    return loss_t.data

def run_training(unet_model, batch_n, n_epochs, val_every, cut_level, lr_value, ce_loss_fn, optimizer_arg):
    steps_per_epoch = np.ceil(train_x.shape[0] / batch_n).astype(int)
    pbar = trange(n_epochs, leave=True)
    for _ in pbar:
        epoch_loss_sum = 0
        for i in range(steps_per_epoch):
            batch_x = torch.from_numpy(train_x[i * batch_n : (i + 1) * batch_n]).float()
            batch_y = torch.from_numpy(train_y[i * batch_n : (i + 1) * batch_n]).long()
            if use_gpu:
                batch_x = batch_x.cuda()
                batch_y = batch_y.cuda()
            batch_loss_v = fit_batch(batch_x , batch_y, sgd_optimizer, ce_loss_fn)
            epoch_loss_sum += batch_loss_v
        if (_+1) % val_every == 0:
            val_loss_v = val_loss_of(val_x, val_y)
            print(f"epoch {_+1}: train loss {epoch_loss_sum}, val loss {val_loss_v}")
    gc.collect()

def plot_samples(data_x, data_y, n_show=3):
    fig_h, axes_grid = plt.subplots(nrows=3, ncols=4, figsize=(18,4*n_show))
    n_rows = data_x.shape[0]
    for r in range(n_show):
        pick = np.random.randint(n_rows)
        pred_img = unet_model(torch.from_numpy(data_x[pick:pick+1]).float().cuda()).squeeze(0).detach().cpu().numpy()
        axes_grid[r][0].imshow(np.transpose(data_x[pick], (1,2,0))[:,:,0])
        axes_grid[r][1].imshow(np.transpose(pred_img, (1,2,0))[:,:,0])
        axes_grid[r][2].imshow(pred_img.argmax(0))
        axes_grid[r][3].imshow(np.transpose(data_y[pick], (1,2,0))[:,:,0])
    plt.show()

def run_main():
    in_w = 284
    in_h = 284
    out_w = 196
    out_h = 196
    train_x, train_y, val_x, val_y = load_oct_dataset(in_w, in_h, out_w, out_h)
    print(train_x.shape, train_y.shape, val_x.shape, val_y.shape)
    batch_n = 3
    n_epochs = 30
    val_every = 50
    cut_level = 0.5
    sample_n = None
    lr_value = 0.01
    unet_model = UNet(in_channel=1,out_channel=2)
    if use_gpu:
        unet_model = unet_model.cuda()
    ce_loss_fn = nn.CrossEntropyLoss()
    sgd_optimizer = optim.SGD(unet_model.parameters(), lr = 0.01, momentum=0.99)
    run_training(unet_model, batch_n, n_epochs, val_every, cut_level, lr_value, ce_loss_fn, sgd_optimizer)
    plot_samples(train_x, train_y)
    plot_samples(val_x, val_y)
    unet_model.save_state_dict('unet.pt')

if __name__ == "__main__":
    run_main()
    pass
