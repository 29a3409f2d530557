import os
import numpy as np
import torch
import torch.utils.data
from sklearn.metrics import mean_absolute_error
from sklearn.metrics import mean_squared_error
from .metrics import masked_mape_np
from scipy.sparse.linalg import eigs


def undo_zscore(a, mu, sigma):
    a = a * sigma + mu
    return a


def minmax_scale(a, hi, lo):
    a = 1. * (a - lo)/(hi - lo)
    a = a * 2. - 1.
    return a


def undo_minmax(a, hi, lo):
    a = (a + 1.) / 2.
    a = 1. * a * (hi - lo) + lo
    return a


def read_adjacency(edge_file, n_vertices, id_file=None):
    '''
    Parameters
    ----------
    edge_file: str, .npy adjacency or a csv of (from, to, cost) rows

    n_vertices: int, number of sensors

    Returns
    ----------
    binary adjacency and distance matrix, both np.ndarray

    '''
    if 'npy' in edge_file:

        a = np.load(edge_file)

        return a, None

    else:

        import csv

        a = np.zeros((int(n_vertices), int(n_vertices)),
                     dtype=np.float32)

        dist = np.zeros((int(n_vertices), int(n_vertices)),
                        dtype=np.float32)

        if id_file:

            with open(id_file, 'r') as fh:
                id_to_row = {int(s): r for r, s in enumerate(fh.read().strip().split('\n'))}  # sensor id -> row

            with open(edge_file, 'r') as fh:
                fh.readline()
                rows = csv.reader(fh)
                for rec in rows:
                    if len(rec) != 3:
                        continue
                    u, v, cost = int(rec[0]), int(rec[1]), float(rec[2])
                    a[id_to_row[u], id_to_row[v]] = 1
                    dist[id_to_row[u], id_to_row[v]] = cost
            return a, dist

        else:

            with open(edge_file, 'r') as fh:
                fh.readline()
                rows = csv.reader(fh)
                for rec in rows:
                    if len(rec) != 3:
                        continue
                    u, v, cost = int(rec[0]), int(rec[1]), float(rec[2])
                    a[u, v] = 1
                    dist[u, v] = cost
            return a, dist


def read_windows_channel0(signal_file, n_hours, n_days, n_weeks, DEV, bs, shuffle=True):
    '''
    Loads the pre-windowed PEMS npz written by prepareData.py and builds
    three DataLoaders over channel 0 only (traffic flow).
    x comes normalised; the targets are raw values.
    :param signal_file: str
    :param n_hours: int
    :param n_days: int
    :param n_weeks: int
    :param DEV: torch.device
    :param bs: int
    :return:
    loaders for train/val/test plus the target tensors and the stats;
    x tensors: (B, N_nodes, in_feature, T_input)
    targets:   (B, N_nodes, T_output)
    '''

    stem = os.path.basename(signal_file).split('.')[0]

    folder = os.path.dirname(signal_file)

    npz_stem = os.path.join(folder,
                            stem + '_r' + str(n_hours) + '_d' + str(n_days) + '_w' + str(n_weeks)) +'_astcgn'

    print('npz:', npz_stem)

    arrs = np.load(npz_stem + '.npz')
    x_tr = arrs['train_x']  # (10181, 307, 3, 12)
    x_tr = x_tr[:, :, 0:1, :]
    y_tr = arrs['train_target']  # (10181, 307, 12)

    x_va = arrs['val_x']
    x_va = x_va[:, :, 0:1, :]
    y_va = arrs['val_target']

    x_te = arrs['test_x']
    x_te = x_te[:, :, 0:1, :]
    y_te = arrs['test_target']

    mu = arrs['mean'][:, :, 0:1, :]  # (1, 1, 3, 1)
    sigma = arrs['std'][:, :, 0:1, :]  # (1, 1, 3, 1)

    # training split
    x_tr_t = torch.from_numpy(x_tr).type(torch.FloatTensor).to(DEV)  # (B, N, F, T)
    y_tr_t = torch.from_numpy(y_tr).type(torch.FloatTensor).to(DEV)  # (B, N, T)

    tr_set = torch.utils.data.TensorDataset(x_tr_t, y_tr_t)

    tr_loader = torch.utils.data.DataLoader(tr_set, batch_size=bs, shuffle=shuffle)

    # validation split
    x_va_t = torch.from_numpy(x_va).type(torch.FloatTensor).to(DEV)  # (B, N, F, T)
    y_va_t = torch.from_numpy(y_va).type(torch.FloatTensor).to(DEV)  # (B, N, T)

    va_set = torch.utils.data.TensorDataset(x_va_t, y_va_t)

    va_loader = torch.utils.data.DataLoader(va_set, batch_size=bs, shuffle=False)

    # test split
    x_te_t = torch.from_numpy(x_te).type(torch.FloatTensor).to(DEV)  # (B, N, F, T)
    y_te_t = torch.from_numpy(y_te).type(torch.FloatTensor).to(DEV)  # (B, N, T)

    te_set = torch.utils.data.TensorDataset(x_te_t, y_te_t)

    te_loader = torch.utils.data.DataLoader(te_set, batch_size=bs, shuffle=False)

    # shapes
    print('train:', x_tr_t.size(), y_tr_t.size())
    print('val:', x_va_t.size(), y_va_t.size())
    print('test:', x_te_t.size(), y_te_t.size())

    return tr_loader, y_tr_t, va_loader, y_va_t, te_loader, y_te_t, mu, sigma


def val_loss_pass(net, loader, crit, board, ep, limit=None):
    '''
    mean loss over the validation loader
    :param net: model
    :param loader: torch.utils.data.DataLoader
    :param crit: torch.nn.MSELoss
    :param board: tensorboardX.SummaryWriter
    :param ep: int, epoch index for the log
    :param limit: int, stop after this many batches
    :return: mean validation loss
    '''

    net.train(False)  # dropout off

    with torch.no_grad():

        n_batches = len(loader)  # batches in the split

        per_batch = []  # loss of each batch

        for b_idx, batch in enumerate(loader):
            x_b, y_b = batch
            y_hat = net(x_b)
            loss = crit(y_hat, y_b)  # batch loss
            per_batch.append(loss.item())
            if b_idx % 100 == 0:
                print('val batch %s / %s, loss %.2f' % (b_idx + 1, n_batches, loss.item()))
            if (limit is not None) and b_idx >= limit:
                break

        mean_loss = sum(per_batch) / len(per_batch)
        board.add_scalar('validation_loss', mean_loss, ep)
    return mean_loss


# (the test-time evaluate helper of the original, not used by the training
#  script, is left out here)


def predict_and_dump(net, loader, target_tensor, ep_tag, mu, sigma, out_dir, split):
    '''

    :param net: nn.Module
    :param loader: torch.utils.data.DataLoader
    :param target_tensor: tensor
    :param ep_tag: int
    :param mu: (1, 1, 3, 1)
    :param sigma: (1, 1, 3, 1)
    :param out_dir: where the npz of predictions goes
    :return:
    '''
    net.train(False)  # dropout off

    with torch.no_grad():

        target_tensor = target_tensor.cpu().numpy()

        n_batches = len(loader)  # batches in the split

        preds = []  # outputs of every batch

        inputs = []  # inputs of every batch

        for b_idx, batch in enumerate(loader):

            x_b, y_b = batch

            inputs.append(x_b[:, :, 0:1].cpu().numpy())  # (batch, T', 1)

            y_hat = net(x_b)

            preds.append(y_hat.detach().cpu().numpy())

            if b_idx % 100 == 0:
                print('predicting batch %s / %s' % (b_idx + 1, n_batches))

        inputs = np.concatenate(inputs, 0)

        inputs = undo_zscore(inputs, mu, sigma)

        preds = np.concatenate(preds, 0)  # (batch, T', 1)

        print('inputs:', inputs.shape)
        print('preds:', preds.shape)
        print('targets:', target_tensor.shape)
        out_file = os.path.join(out_dir, 'output_epoch_%s_%s' % (ep_tag, split))
        np.savez(out_file, input=inputs, prediction=preds, data_target_tensor=target_tensor)

        # per-horizon errors
        rows = []
        n_steps = preds.shape[2]

        for h in range(n_steps):
            assert target_tensor.shape[0] == preds.shape[0]
            print('epoch %s, horizon step %s' % (ep_tag, h))
            mae = mean_absolute_error(target_tensor[:, :, h], preds[:, :, h])
            rmse = mean_squared_error(target_tensor[:, :, h], preds[:, :, h]) ** 0.5
            mape = masked_mape_np(target_tensor[:, :, h], preds[:, :, h], 0)
            print('MAE: %.2f' % (mae))
            print('RMSE: %.2f' % (rmse))
            print('MAPE: %.2f' % (mape))
            rows.extend([mae, rmse, mape])

        # over all horizons
        mae = mean_absolute_error(target_tensor.reshape(-1, 1), preds.reshape(-1, 1))
        rmse = mean_squared_error(target_tensor.reshape(-1, 1), preds.reshape(-1, 1)) ** 0.5
        mape = masked_mape_np(target_tensor.reshape(-1, 1), preds.reshape(-1, 1), 0)
        print('all MAE: %.2f' % (mae))
        print('all RMSE: %.2f' % (rmse))
        print('all MAPE: %.2f' % (mape))
        rows.extend([mae, rmse, mape])
        print(rows)
