import torch
import argparse
import torch.nn as nn
import torch.utils.data as Data
import torch.backends.cudnn as cudnn
from scipy.io import loadmat, savemat
from torch import optim
from dsnet_model import DSNet
from utils import AvgrageMeter, accuracy, output_metric, NonZeroClipper, print_args
import numpy as np
import time
import os

arg_parser = argparse.ArgumentParser("HSI")
arg_parser.add_argument('--fix_random', action='store_true', default=True, help='seed everything')
arg_parser.add_argument('--gpu_id', default='1', help='which GPU')
arg_parser.add_argument('--seed', type=int, default=0, help='random seed')
arg_parser.add_argument('--dataset', choices=['Indian', 'Berlin', 'Augsburg'], default='Indian', help='which scene')
arg_parser.add_argument('--flag_test', choices=['test', 'train'], default='train', help='run mode')
arg_parser.add_argument('--model_name', choices=['conv2d_unmix'], default='conv2d_unmix', help='network variant')
arg_parser.add_argument('--batch_size', type=int, default=64, help='patches per batch')
arg_parser.add_argument('--test_freq', type=int, default=5, help='validate every this many epochs')
arg_parser.add_argument('--patches', type=int, default=7, help='patch side in pixels')
arg_parser.add_argument('--epoches', type=int, default=500, help='how many epochs')
arg_parser.add_argument('--learning_rate', type=float, default=1e-3, help='Adam step size')
arg_parser.add_argument('--gamma', type=float, default=0.9, help='StepLR decay factor')
arg_parser.add_argument('--weight_decay', type=float, default=0, help='L2 penalty')
opts = arg_parser.parse_args()


# == scene loading and patch extraction (dataset.py) ==
def load_scene_dataset(opts, sample_mode='ratio'):
    # read the .mat files
    if opts.dataset == 'Indian':
        mat_data = loadmat('./data/IndianPine.mat')
        train_map = mat_data['TR']
        test_map = mat_data['TE']
        hsi_cube = mat_data['input'] # 145 x 145 x 200
    elif opts.dataset == 'Berlin':
        mat_data = loadmat('./data/Berlin/data_HS_LR.mat')
        train_mat = loadmat('./data/Berlin/TrainImage.mat')
        test_mat = loadmat('./data/Berlin/TestImage.mat')
        train_map = train_mat['TrainImage']
        test_map = test_mat['TestImage']
        hsi_cube = mat_data['data_HS_LR'] # 1723 x 476 x 244
    else:
        raise ValueError("no loader for this scene")

    label_map = train_map + test_map
    n_classes = np.max(train_map)
    # scale every band to [0, 1]
    cube_norm = np.zeros(hsi_cube.shape)
    for i in range(hsi_cube.shape[2]):
        band_max = np.max(hsi_cube[:,:,i])
        band_min = np.min(hsi_cube[:,:,i])
        cube_norm[:,:,i] = (hsi_cube[:,:,i]-band_min)/(band_max-band_min)
    # cube shape
    rows_h, cols_w, n_bands = hsi_cube.shape
    print("cube: {0} rows, {1} columns, {2} bands".format(rows_h, cols_w, n_bands))
    # pixel positions of both splits, mirrored borders, patches, labels
    train_pos, test_pos, train_counts, test_counts = split_pixel_positions(train_map, test_map, n_classes)
    padded_image = mirror_pad_cube(rows_h, cols_w, n_bands, cube_norm, patch_size=opts.patches)
    train_patch_band, test_patch_band = gather_patches(padded_image, n_bands, train_pos, test_pos, patch_size=opts.patches)
    train_y, test_y = make_split_labels(train_counts, test_counts, n_classes)
    # tensors, data sets and loaders
    train_x=torch.from_numpy(train_patch_band.transpose(0,3,2,1)).type(torch.FloatTensor) # [695, 200, 7, 7]
    train_y=torch.from_numpy(train_y).type(torch.LongTensor) # [695]
    train_tensor_dataset=Data.TensorDataset(train_x, train_y)
    train_patch_loader=Data.DataLoader(train_tensor_dataset,batch_size=opts.batch_size,shuffle=True)

    test_x=torch.from_numpy(test_patch_band.transpose(0,3,2,1)).type(torch.FloatTensor) # [9671, 200, 7, 7]
    test_y=torch.from_numpy(test_y).type(torch.LongTensor) # [9671]
    test_tensor_dataset=Data.TensorDataset(test_x, test_y)
    test_patch_loader=Data.DataLoader(test_tensor_dataset,batch_size=opts.batch_size,shuffle=True)
    return train_patch_loader, test_patch_loader, n_bands, rows_h, cols_w, n_classes, label_map

def split_pixel_positions(train_map_in, test_map_in, n_classes):
    train_counts = []
    train_pos_by_class = {}
    test_counts = []
    test_pos_by_class = {}
    for i in range(n_classes):
        cls_pos = np.argwhere(train_map_in==(i+1))
        train_counts.append(cls_pos.shape[0])
        train_pos_by_class[i] = cls_pos
    train_pos = train_pos_by_class[0]
    for i in range(1, n_classes):
        train_pos = np.r_[train_pos, train_pos_by_class[i]] # (695, 2) row/col
    train_pos = train_pos.astype(int)
    for i in range(n_classes):
        cls_pos = np.argwhere(test_map_in==(i+1))
        test_counts.append(cls_pos.shape[0])
        test_pos_by_class[i] = cls_pos
    test_pos = test_pos_by_class[0]
    for i in range(1, n_classes):
        test_pos = np.r_[test_pos, test_pos_by_class[i]] # (9671, 2) row/col
    test_pos = test_pos.astype(int)
    return train_pos, test_pos, train_counts, test_counts

def mirror_pad_cube(rows_h, cols_w, n_bands, cube_norm, patch_size=5):
    pad=patch_size//2
    padded_cube=np.zeros((rows_h+2*pad,cols_w+2*pad,n_bands),dtype=float)
    padded_cube[pad:(pad+rows_h),pad:(pad+cols_w),:]=cube_norm
    for i in range(pad):
        padded_cube[pad:(rows_h+pad),i,:]=cube_norm[:,pad-i-1,:]
    for i in range(pad):
        padded_cube[pad:(rows_h+pad),cols_w+pad+i,:]=cube_norm[:,cols_w-1-i,:]
    for i in range(pad):
        padded_cube[i,:,:]=padded_cube[pad*2-i-1,:,:]
    for i in range(pad):
        padded_cube[rows_h+pad+i,:,:]=padded_cube[rows_h+pad-1-i,:,:]
    return padded_cube

def crop_patch(padded_image, positions, i, patch_size=5):
    row0 = positions[i,0]
    col0 = positions[i,1]
    patch_img = padded_image[row0:(row0+patch_size),col0:(col0+patch_size),:]
    return patch_img

def gather_patches(padded_image, n_bands, train_positions, test_positions, patch_size=5):
    train_x = np.zeros((train_positions.shape[0], patch_size, patch_size, n_bands), dtype=float)
    test_x = np.zeros((test_positions.shape[0], patch_size, patch_size, n_bands), dtype=float)
    for i in range(train_positions.shape[0]):
        train_x[i,:,:,:] = crop_patch(padded_image, train_positions, i, patch_size)
    for j in range(test_positions.shape[0]):
        test_x[j,:,:,:] = crop_patch(padded_image, test_positions, j, patch_size)
    print("train patches {} of {}".format(train_x.shape,train_x.dtype))
    print("test patches {} of {}".format(test_x.shape,test_x.dtype))
    return train_x, test_x

def make_split_labels(train_counts, test_counts, n_classes):
    train_y = []
    test_y = []
    for i in range(n_classes):
        for j in range(train_counts[i]):
            train_y.append(i)
        for k in range(test_counts[i]):
            test_y.append(i)
    return np.array(train_y), np.array(test_y)


# == training script (demo.py) ==
def run_train_epoch(dsnet_model, batch_train_loader, ce_criterion, adam_optimizer):
    loss_meter = AvgrageMeter()
    acc_meter = AvgrageMeter()
    targets_all = np.array([])
    preds_all = np.array([])
    for b_i, (x_batch, y_batch) in enumerate(batch_train_loader):
        x_batch = x_batch.cuda()
        y_batch = y_batch.cuda()

        adam_optimizer.zero_grad()
        recon_nonlin, recon, pred_logits = dsnet_model(x_batch)
        n_bands = recon.shape[1]//2  # two decoder layers
        recon_lin = recon[:,0:n_bands] + recon[:,n_bands:n_bands*2]
        recon = recon_nonlin + recon_lin
        sad_loss_v = torch.mean(torch.acos(torch.sum(x_batch * recon, dim=1)/
                    (torch.norm(recon, dim=1, p=2) * torch.norm(x_batch, dim=1, p=2))))
        total_loss = ce_criterion(pred_logits, y_batch) + sad_loss_v
        total_loss.backward()
        adam_optimizer.step()

        top1_acc, t_true, p_pred = accuracy(pred_logits, y_batch, topk=(1,))
        n_b = x_batch.shape[0]
        loss_meter.update(total_loss.data, n_b)
        acc_meter.update(top1_acc[0].data, n_b)
        targets_all = np.append(targets_all, t_true.data.cpu().numpy())
        preds_all = np.append(preds_all, p_pred.data.cpu().numpy())
    return acc_meter.avg, loss_meter.avg, targets_all, preds_all

def run_valid_epoch(dsnet_model, batch_valid_loader, ce_criterion, adam_optimizer):
    loss_meter = AvgrageMeter()
    acc_meter = AvgrageMeter()
    targets_all = np.array([])
    preds_all = np.array([])
    for b_i, (x_batch, y_batch) in enumerate(batch_valid_loader):
        x_batch = x_batch.cuda()
        y_batch = y_batch.cuda()

        recon_nonlin, recon, pred_logits = dsnet_model(x_batch)
        n_bands = recon.shape[1]//2
        recon_lin = recon[:,0:n_bands] + recon[:,n_bands:n_bands*2]
        recon = recon_nonlin + recon_lin
        sad_loss_v = torch.mean(torch.acos(torch.sum(x_batch * recon, dim=1)/
                    (torch.norm(recon, dim=1, p=2) * torch.norm(x_batch, dim=1, p=2))))
        total_loss = (1 - opts.lamda) * ce_criterion(pred_logits, y_batch) + opts.lamda * sad_loss_v

        top1_acc, t_true, p_pred = accuracy(pred_logits, y_batch, topk=(1,))
        n_b = x_batch.shape[0]
        loss_meter.update(total_loss.data, n_b)
        acc_meter.update(top1_acc[0].data, n_b)
        targets_all = np.append(targets_all, t_true.data.cpu().numpy())
        preds_all = np.append(preds_all, p_pred.data.cpu().numpy())
    return targets_all, preds_all

def run_main():
    os.environ["CUDA_VISIBLE_DEVICES"] = str(opts.gpu_id)
    if opts.fix_random:
        np.random.seed(opts.seed)
        torch.manual_seed(opts.seed)
        torch.cuda.manual_seed(opts.seed)
        cudnn.deterministic = True
        cudnn.benchmark = False

    ## data
    train_patch_loader, test_patch_loader, n_bands, rows_h, cols_w, n_classes, label_map = load_scene_dataset(opts)
    # network, loss, optimiser (decoder with its own lr)
    dsnet_model = DSNet(n_bands, n_classes, opts.patches, opts.model_name)
    dsnet_model = dsnet_model.cuda()
    ce_criterion = nn.CrossEntropyLoss().cuda()
    decoder_ids = map(id, dsnet_model.unmix_decoder.parameters())
    decoder_id_list = list(set(decoder_ids))
    other_params = filter(lambda p_pred: id(p_pred) not in decoder_id_list, dsnet_model.parameters())
    adam_optimizer = torch.optim.Adam([{'params': other_params},{'params': dsnet_model.unmix_decoder.parameters(), 'lr': 3e-4}],
                                lr = opts.learning_rate, weight_decay = opts.weight_decay)
    nonneg_clip = NonZeroClipper()
    lr_sched = torch.optim.lr_scheduler.StepLR(adam_optimizer, step_size=opts.epoches//10, gamma=opts.gamma)

    print("training begins")
    t_start = time.time()
    best_val_oa, top_oa = 0.5, 0
    for ep in range(opts.epoches):
        lr_sched.step()
        # one training epoch
        dsnet_model.train()
        train_acc_v, train_loss_v, tr_true, tr_pred = run_train_epoch(dsnet_model, train_patch_loader, ce_criterion, adam_optimizer)
        oa_tr, aa_mean_tr, kappa_tr, aa_tr = output_metric(tr_true, tr_pred)
        print("epoch {:03d}: train loss {:.4f}, train acc {:.4f}".format(ep+1, train_loss_v, train_acc_v))
        dsnet_model.unmix_decoder.apply(nonneg_clip)

        if (ep % opts.test_freq == 0) | (ep == opts.epoches - 1):
            dsnet_model.eval()
            val_true, val_pred = run_valid_epoch(dsnet_model, test_patch_loader, ce_criterion, adam_optimizer)
            oa_val, aa_mean_val, kappa_val, aa_val = output_metric(val_true, val_pred)
            print("val OA {:.4f}, AA {:.4f}, kappa {:.4f}".format(oa_val, aa_mean_val, kappa_val))
            if oa_val > best_val_oa and ep > 10:
                ckpt_path = os.path.join('./results/', opts.dataset+'_'+opts.model_name+'_p'+str(opts.patches)+
                                                '_'+str(round(oa_val*100, 2))+'_epoch'+str(ep)+'.pkl')
                torch.save(dsnet_model.state_dict(), ckpt_path)
                best_val_oa = oa_val
                top_oa = oa_val
    t_end = time.time()
    print("total time {:.2f}s".format(t_end-t_start))

if __name__ == '__main__':
    run_main()
