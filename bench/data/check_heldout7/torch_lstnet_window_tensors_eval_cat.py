import argparse
import math
import time

import torch
import torch.nn as nn
import torch.nn.functional as F
import numpy as np;
from torch.autograd import Variable
import Optim


# == data handling (from utils.py) ==
def sample_std(x_in):
    return x_in.std() * np.sqrt((len(x_in) - 1.)/(len(x_in)))

class SeriesData(object):
    # train/valid are fractions of the rows; the rest is the test part
    def __init__(self, data_file, train_frac, valid_frac, use_gpu, ahead, win_len, norm_mode = 2):
        self.on_gpu = use_gpu;
        self.win = win_len;
        self.hz = ahead
        fh = open(data_file);
        self.raw_data = np.loadtxt(fh,delimiter=',');
        self.data_norm = np.zeros(self.raw_data.shape);
        self.n_rows, self.n_cols = self.data_norm.shape;
        self.norm_mode = 2
        self.col_scale = np.ones(self.n_cols);
        self._scale_columns(norm_mode);
        self._make_splits(int(train_frac * self.n_rows), int((train_frac+valid_frac) * self.n_rows), self.n_rows);

        self.col_scale = torch.from_numpy(self.col_scale).float();
        test_scaled = self.test_pairs[1] * self.col_scale.expand(self.test_pairs[1].size(0), self.n_cols);

        if self.on_gpu:
            self.col_scale = self.col_scale.cuda();
        self.col_scale = Variable(self.col_scale);

        self.rse_norm = sample_std(test_scaled);
        self.rae_norm = torch.mean(torch.abs(test_scaled - torch.mean(test_scaled)));

    def _scale_columns(self, norm_mode):
        # mode 1: divide everything by the global max
        if (norm_mode == 0):
            self.data_norm = self.raw_data

        if (norm_mode == 1):
            self.data_norm = self.raw_data / np.max(self.raw_data);

        # mode 2: divide each column (sensor) by its own max abs value
        if (norm_mode == 2):
            for i in range(self.n_cols):
                self.col_scale[i] = np.max(np.abs(self.raw_data[:,i]));
                self.data_norm[:,i] = self.raw_data[:,i] / np.max(np.abs(self.raw_data[:,i]));

    def _make_splits(self, train_end, valid_end, n_total):
        train_idx = range(self.win+self.hz-1, train_end);
        valid_idx = range(train_end, valid_end);
        test_idx = range(valid_end, self.n_rows);
        self.train_pairs = self._window_batches(train_idx, self.hz);
        self.valid_pairs = self._window_batches(valid_idx, self.hz);
        self.test_pairs = self._window_batches(test_idx, self.hz);

    def _window_batches(self, idx_range, ahead):
        n_win = len(idx_range);
        batch_X = torch.zeros((n_win,self.win,self.n_cols));
        batch_y = torch.zeros((n_win,self.n_cols));

        for i in range(n_win):
            stop_i = idx_range[i] - self.hz + 1;
            start_i = stop_i - self.win;
            batch_X[i,:,:] = torch.from_numpy(self.data_norm[start_i:stop_i, :]);
            batch_y[i,:] = torch.from_numpy(self.data_norm[idx_range[i], :]);

        return [batch_X, batch_y];

    def iter_batches(self, inputs_x, targets_y, batch_len, shuffled=True):
        n_items = len(inputs_x)
        if shuffled:
            order = torch.randperm(n_items)
        else:
            order = torch.LongTensor(range(n_items))
        lo = 0
        while (lo < n_items):
            hi = min(n_items, lo + batch_len)
            pick = order[lo:hi]
            batch_X = inputs_x[pick]; batch_y = targets_y[pick];
            if (self.on_gpu):
                batch_X = batch_X.cuda();
                batch_y = batch_y.cuda();
            yield Variable(batch_X), Variable(batch_y);
            lo += batch_len


# == network (LSTNet, without the skip-GRU branch) ==
class ForecastModel(nn.Module):
    def __init__(self, opts, series_data):
        super(ForecastModel, self).__init__()
        self.win = opts.window;
        self.n_cols = series_data.n_cols
        self.rnn_units = opts.hidRNN;
        self.cnn_units = opts.hidCNN;
        self.kern = opts.CNN_kernel;
        self.hw_len = opts.highway_window
        self.conv_in = nn.Conv2d(1, self.cnn_units, kernel_size = (self.kern, self.n_cols));
        self.gru = nn.GRU(self.cnn_units, self.rnn_units);
        self.drop = nn.Dropout(p = opts.dropout);
        self.out_fc = nn.Linear(self.rnn_units, self.n_cols);
        if (self.hw_len > 0):
            self.ar_fc = nn.Linear(self.hw_len, 1);

    def forward(self, x_in):
        conv_out = x_in.view(-1, 1, self.win, self.n_cols);
        conv_out = F.relu(self.conv_in(conv_out));
        conv_out = self.drop(conv_out);
        conv_out = torch.squeeze(conv_out, 3);
        rnn_h = conv_out.permute(2, 0, 1).contiguous();
        _, rnn_h = self.gru(rnn_h);
        rnn_h = self.drop(torch.squeeze(rnn_h,0));
        pred = self.out_fc(rnn_h);
        if (self.hw_len > 0):
            ar = x_in[:, -self.hw_len:, :];
            ar = ar.permute(0,2,1).contiguous().view(-1, self.hw_len);
            ar = self.ar_fc(ar);
            ar = ar.view(-1,self.n_cols);
            pred = pred + ar;
        return F.sigmoid(pred);


# == training script (main.py) ==
def run_eval(series_data, batch_X, batch_y, lstnet_model, l2_sum, l1_sum, batch_len):
    lstnet_model.eval();
    loss_sum = 0;
    l1_loss_sum = 0;
    n_seen = 0;
    preds = None;
    targets_all = None;

    for batch_X, batch_y in series_data.iter_batches(batch_X, batch_y, batch_len, False):
        out_batch = lstnet_model(batch_X);
        if preds is None:
            preds = out_batch;
            targets_all = batch_y;
        else:
            preds = torch.cat((preds,out_batch));
            targets_all = torch.cat((targets_all, batch_y));

        sc = series_data.col_scale.expand(out_batch.size(0), series_data.n_cols)
        loss_sum += l2_sum(out_batch * sc, batch_y * sc).data[0]
        l1_loss_sum += l1_sum(out_batch * sc, batch_y * sc).data[0]
        n_seen += (out_batch.size(0) * series_data.n_cols);
    rse_v = math.sqrt(loss_sum / n_seen)/series_data.rse_norm
    rae_v = (l1_loss_sum/n_seen)/series_data.rae_norm

    preds = preds.data.cpu().numpy();
    true_y = targets_all.data.cpu().numpy();
    std_pred = (preds).std(axis = 0);
    std_true = (true_y).std(axis = 0);
    mu_pred = preds.mean(axis = 0)
    mu_true = true_y.mean(axis = 0)
    order = (std_true!=0);
    corr = ((preds - mu_pred) * (true_y - mu_true)).mean(axis = 0)/(std_pred * std_true);
    corr = (corr[order]).mean();
    return rse_v, rae_v, corr;

def train_epoch(series_data, batch_X, batch_y, lstnet_model, loss_fn, optimizer, batch_len):
    lstnet_model.train();
    loss_sum = 0;
    n_seen = 0;
    for batch_X, batch_y in series_data.iter_batches(batch_X, batch_y, batch_len, True):
        lstnet_model.zero_grad();
        out_batch = lstnet_model(batch_X);
        sc = series_data.col_scale.expand(out_batch.size(0), series_data.n_cols)
        step_loss = loss_fn(out_batch * sc, batch_y * sc);
        step_loss.backward();
        gnorm = optimizer.step();
        loss_sum += step_loss.data[0];
        n_seen += (out_batch.size(0) * series_data.n_cols);
    return loss_sum / n_seen

arg_parser = argparse.ArgumentParser(description='LSTNet-style multivariate series forecaster')
arg_parser.add_argument('--data', type=str, required=True, help='CSV file with one column per series')
arg_parser.add_argument('--hidCNN', type=int, default=100, help='conv channels')
arg_parser.add_argument('--hidRNN', type=int, default=100, help='GRU state size')
arg_parser.add_argument('--window', type=int, default=24 * 7, help='input window length')
arg_parser.add_argument('--CNN_kernel', type=int, default=6, help='conv kernel length in time')
arg_parser.add_argument('--highway_window', type=int, default=24, help='steps fed to the linear AR part')
arg_parser.add_argument('--clip', type=float, default=10., help='max gradient norm')
arg_parser.add_argument('--epochs', type=int, default=100, help='how many epochs')
arg_parser.add_argument('--batch_size', type=int, default=128, metavar='N', help='windows per batch')
arg_parser.add_argument('--dropout', type=float, default=0.2, help='dropout rate, 0 turns it off')
arg_parser.add_argument('--seed', type=int, default=54321, help='seed for torch')
arg_parser.add_argument('--gpu', type=int, default=None)
arg_parser.add_argument('--save', type=str,  default='model/model.pt', help='where the best model is written')
arg_parser.add_argument('--optim', type=str, default='adam')
arg_parser.add_argument('--lr', type=float, default=0.001)
arg_parser.add_argument('--horizon', type=int, default=12)
arg_parser.add_argument('--normalize', type=int, default=2)
opts = arg_parser.parse_args()

opts.on_gpu = opts.gpu is not None
if opts.on_gpu:
    torch.on_gpu.set_device(opts.gpu)
torch.manual_seed(opts.seed)

series = SeriesData(opts.data, 0.6, 0.2, opts.on_gpu, opts.horizon, opts.window, opts.normalize);
print(series.rse_norm);

lstnet_model = ForecastModel(opts, series);

if opts.on_gpu:
    lstnet_model.cuda()

loss_fn = nn.L1Loss(size_average=False);
l2_sum = nn.MSELoss(size_average=False);
l1_sum = nn.L1Loss(size_average=False)
if opts.on_gpu:
    loss_fn = loss_fn.cuda()
    l1_sum = l1_sum.cuda();
    l2_sum = l2_sum.cuda();

best_val_rse = 10000000;
optimizer = Optim.Optim(
    lstnet_model.parameters(), opts.optim, opts.lr, opts.clip,
)

try:
    print('training starts');
    for epoch_i in range(1, opts.epochs+1):
        t0 = time.time()
        epoch_train_loss = train_epoch(series, series.train_pairs[0], series.train_pairs[1], lstnet_model, loss_fn, optimizer, opts.batch_size)
        val_rse, valid_rae, valid_corr = run_eval(series, series.valid_pairs[0], series.valid_pairs[1], lstnet_model, l2_sum, l1_sum, opts.batch_size);
        print('epoch {:3d} took {:5.2f}s, train loss {:5.4f}, val RSE {:5.4f}, val RAE {:5.4f}, val CORR {:5.4f}'.format(epoch_i, (time.time() - t0), epoch_train_loss, val_rse, valid_rae, valid_corr))

        if val_rse < best_val_rse:
            with open(opts.save, 'wb') as fh:
                torch.save(lstnet_model, fh)
            best_val_rse = val_rse
        if epoch_i % 5 == 0:
            test_rse, test_rae_v, test_corr_v  = run_eval(series, series.test_pairs[0], series.test_pairs[1], lstnet_model, l2_sum, l1_sum, opts.batch_size);
            print ("test RSE {:5.4f}, RAE {:5.4f}, CORR {:5.4f}".format(test_rse, test_rae_v, test_corr_v))

except KeyboardInterrupt:
    print('-' * 89)
    print('stopped by the user')
