import os
import random
from tqdm import tqdm

import numpy as np

from sklearn.metrics import roc_auc_score

import torch
import torch.nn as nn
import torch.optim as optim
from torch.utils.data import Dataset, DataLoader
from numba import njit

from data_loader import JaneFiles as FileHelper
from cv import StratifiedGroupKFold, GroupTimeSeriesSplit

from bp import Resnet1dcnn as CnnParams
from bp import ResnetLinear as LinParams
from bp import EmbedNN as EmbParams

from models import ResidualBlock, Resnet1dcnn, ResnetLinear, EmbedNN

class MarketRows(Dataset):
    def __init__(self, arr_x, arr_y):
        super(MarketRows, self).__init__()
        self.X = arr_x
        self.y = arr_y

    def __len__(self):
        return self.X.shape[0]

    def __getitem__(self, index):
        # first three columns: day, weight, return
        x_meta = self.X[index, :3]
        X = torch.tensor(self.X[index, 3:], dtype=torch.float)
        y = torch.tensor(self.y[index], dtype=torch.float)
        return x_meta, X, y

class PatienceStop:
    def __init__(self, data_loader, patience=7, mode="max", delta=0.001):
        self.data_loader = data_loader

        self.patience = patience
        self.counter = 0
        self.mode = mode
        self.top_score = None
        self.should_stop = False
        self.delta = delta
        if self.mode == "min":
            self.last_score = np.Inf
        else:
            self.last_score = -np.Inf

    def __call__(self, ep_score, model, weights_file):

        if self.mode == "min":
            score = -1.0 * ep_score
        else:
            score = np.copy(ep_score)

        if self.top_score is None:
            self.top_score = score
            self.keep_best(ep_score, model, weights_file)
        elif score < self.top_score: # tolerance not applied
            self.counter += 1
            # print('no gain for {} of {} epochs'.format(self.counter, self.patience))
            if self.counter >= self.patience:
                self.should_stop = True
        else:
            self.top_score = score
            # (ema swap would go here)
            self.keep_best(ep_score, model, weights_file)
            # (and be undone here)
            self.counter = 0

    def keep_best(self, ep_score, model, weights_file):
        if ep_score not in [-np.inf, np.inf, -np.nan, np.nan]:
            print(f"hold-out score up {self.last_score:.4f} -> {ep_score:.4f}; writing weights")
            # always write
            self.data_loader.store_weights(model.state_dict(),weights_file)
            # torch.save(model.state_dict(), weights_file)
        self.last_score = ep_score

class JaneTools:
    def __init__(self, global_seed=1029):
        self.global_seed = global_seed
        self.data_loader = FileHelper()

    def build_arrays(self, split_kind="SGCV"):

        self.train_df, self.feat_df, self.ex_test_df, self.ex_sub_df = self.data_loader.read_tables()

        self.fix_seeds(self.global_seed)

        self.feat_cols = [col for col in self.train_df.columns if "feature" in col]
        ret_cols = [col for col in self.train_df.columns if "resp" in col]
        main_ret = [resp_ for resp_ in ret_cols if "_" not in resp_]
        tgt = ["weight"] + main_ret + self.feat_cols

        train_df = self.shrink_frame(self.train_df)

        # skip the first 85 days
        train_df = train_df.loc[train_df.date > 85]
        # skip zero-weight trades
        train_df = train_df.loc[train_df.weight > 0]

        # move to numpy for speed
        # features 1..129
        feat_block = train_df.loc[:, self.feat_cols[1:]].values
        feat_block.shape

        self.col_means = np.nanmean(feat_block, axis=0)

        table_arr = train_df.values

        print('filling gaps with column means:')
        table_arr[:, 8:-1] = row_apply(fill_nan_rows, table_arr[:, 8:-1], self.col_means)

        col_pos = {col: idx for idx, col in enumerate(train_df.columns.tolist())}

        date_weight = table_arr[:, :2]
        # the five return horizons
        ret_pos = list()
        for resp in ret_cols:
            pos = col_pos[resp]
            ret_pos.append(pos)
        ret_arr = table_arr[:, ret_pos]

        ret_cuts = [50, 49, 49, 50, 50]
        ret_cuts = [np.percentile(ret_arr[:, idx], q) for idx, q in enumerate(ret_cuts)]

        bin_cols = list()
        for idx, cut in enumerate(ret_cuts):
            result = list(map(lambda x: 1 if x > cut else 0, ret_arr[:, idx]))
            bin_cols.append(result)
        label_arr = np.stack(bin_cols).T

        keep_cols = [("resp_" not in key) and ("ts_" not in key) for key in col_pos.keys()]
        keep_cols = np.arange(table_arr.shape[1])[keep_cols]
        x_arr = table_arr[:, keep_cols]

        X = x_arr
        y = label_arr

        # schemes: SGCV, GTCV, random
        if split_kind == "SGCV":
            cv = StratifiedGroupKFold(n_splits=3,random_state=self.global_seed)

            folds = [(fit_idx, hold_idx) for fit_idx, hold_idx in cv.split(X, y[:, -1], group=X[:, 0])]
            for idx, fold in enumerate(folds):
                fit_idx, hold_idx = fold
                fit_days = np.unique(X[fit_idx, 0])
                hold_days = np.unique(X[hold_idx, 0])


        elif split_kind == "GTCV":
            cv = GroupTimeSeriesSplit(n_splits=3)

            folds = [(fit_idx, hold_idx) for fit_idx, hold_idx in cv.split(X, y[:, -1], group=X[:, 0])]
            for idx, fold in enumerate(folds):
                fit_idx, hold_idx = fold
                fit_days = np.unique(X[fit_idx, 0])
                hold_days = np.unique(X[hold_idx, 0])

        elif split_kind == "random":
            dataset = MarketRows(X, y)

            train_size = int(len(dataset) * 0.8)
            valid_size = len(dataset) - train_size

            fit_set, hold_set = torch.utils.data.random_split(dataset, [train_size, valid_size], generator=torch.Generator().manual_seed(self.global_seed))
            folds = (fit_set, hold_set)

        return X,y, folds

    def train(self, arch, X, y, split_kind, folds, param_set=None, epochs=100, batch_size=4096, early_stopping=7):

        if (arch == "Resnet1dcnn") and (param_set is not None):
            raise Exception("Resnet1dcnn uses fixed parameters")
        elif (arch != "Resnet1dcnn") and (param_set is None):
            raise Exception("ResnetLinear/EmbedNN need param_set 1 or 2")

        model, optimizer, learning_rate, weight_decay = self.pick_params(arch, param_set)

        if arch == "Resnet1dcnn":
            self.fit_cnn(model, X, y, split_kind, folds, param_set, optimizer, learning_rate, weight_decay, epochs, batch_size, early_stopping)

        else:
            self.fit_folds(model, X, y, split_kind, folds, param_set, optimizer, learning_rate, weight_decay, epochs, batch_size, early_stopping)

        return model

    def predict_csv(self, model, arch, split_kind, param_set):
        arch_name = f"{split_kind}_{param_set}_{arch}"
        models = self.data_loader.restore_weights(model, arch_name)

        for idx,row in tqdm(self.ex_test_df.iterrows()):
            if row["weight"].item() > 0:
                row_arr = row.loc[self.feat_cols].values[np.newaxis,:]
                row_arr[:, 1:] = row_apply(fill_nan_rows, row_arr[:,1:],self.col_means)
                scores = []
                for model in models:
                    torch.cuda.empty_cache()
                    model.eval()
                    result = model(torch.tensor(row_arr,dtype=torch.float).to(self.device)).detach().sigmoid().cpu().numpy()[:,-1].item()
                    scores.append(result)
                p_mean = np.mean(scores)
                action = 1 if p_mean >= .5 else 0
                self.ex_sub_df.loc[idx,"action"] = action
            else:
                self.ex_sub_df.loc[idx,"action"] = 0
        return self.ex_sub_df

    def predict_api(self, model, arch):
        import janestreet

        api_env = janestreet.make_env()
        models = self.data_loader.restore_weights(model, arch)

        for (api_df, api_pred) in tqdm(api_env.iter_test()):
            if api_df["weight"].item() > 0:
                row_arr = api_df.loc[:, self.feat_cols].values
                row_arr[:, 1:] = self.row_apply(self.fill_nan_rows, row_arr[:,1:],self.col_means)
                scores = []
                for model in models:
                    torch.cuda.empty_cache()
                    model.eval()
                    result = model(torch.tensor(row_arr,dtype=torch.float).to(self.device)).detach().sigmoid().cpu().numpy()[:,-1].item()
                    scores.append(result)
                p_mean = np.mean(scores)
                action = 1 if p_mean >= .5 else 0
                api_pred.action = action
            else:
                api_pred.action = 0
            api_env.predict(api_pred)

    def fit_cnn(self, model, X, y, split_kind, folds, param_set, optimizer, learning_rate, weight_decay, epochs, batch_size, patience=7):
        weights_home = self.data_loader.weights_file
        arch_name = model.__class__.__name__

        use_es = True if patience > 0 else False
        print(f"early stop on: {use_es}, patience {int(patience)}")

        fit_set, hold_set = folds
        fit_loader = DataLoader(fit_set, batch_size=batch_size, shuffle=False)
        hold_loader = DataLoader(hold_set, batch_size=batch_size, shuffle=False)

        self.fix_seeds(self.global_seed)
        model = model.to(self.device)
        bce = nn.BCEWithLogitsLoss()
        optimizer = optimizer(model.parameters(), lr=learning_rate, weight_decay=weight_decay)

        stopper = None
        if patience > 0:
            stopper = PatienceStop(self.data_loader, patience, mode="max")
        for epoch in tqdm(range(epochs)):

            sum_loss = 0.0
            sum_acc = 0.0
            sum_auc = 0.0
            sum_util = 0.0

            model.train()

            for idx, (meta,xb, yb) in enumerate(fit_loader):
                with torch.autograd.set_detect_anomaly(True):
                    optimizer.zero_grad()
                    dw = meta[:,:-1].detach().cpu().numpy()
                    rr = meta[:,-1].detach().cpu().numpy()

                    xb = xb.to(self.device)
                    yb = yb.to(self.device)

                    logits = model(xb)

                    truth = yb.detach().cpu().numpy()[:, -1]
                    tgt = np.array(
                        list(map(lambda x: 1 if x > 0.5 else 0, logits.sigmoid().detach().cpu().numpy()[:, -1])),
                        dtype=np.float)

                    acc = (truth == tgt).sum() / logits.shape[0]
                    auc = roc_auc_score(truth, logits.detach().cpu().numpy()[:, -1])
                    util = js_utility(dw, rr, tgt)

                    sum_acc += acc
                    sum_auc += auc
                    sum_util += util

                    loss = bce(logits, yb)
                    sum_loss += loss.detach().item() * xb.size(0)
                    loss.backward()
                    optimizer.step()

            fit_loss = sum_loss / len(fit_loader.dataset)
            fit_acc = sum_acc / len(fit_loader)
            fit_auc = sum_auc / len(fit_loader)
            fit_util = sum_util

            model.eval()

            with torch.no_grad():

                sum_loss = 0.0
                sum_acc = 0.0
                sum_auc = 0.0
                sum_util = 0.0

                for idx, (meta,xb, yb) in enumerate(hold_loader):
                    dw = meta[:, :-1].detach().cpu().numpy()
                    rr = meta[:, -1].detach().cpu().numpy()

                    xb = xb.to(self.device)
                    yb = yb.to(self.device)

                    logits = model(xb)

                    truth = yb.detach().cpu().numpy()[:, -1]
                    tgt = np.array(
                        list(map(lambda x: 1 if x > 0.5 else 0, logits.sigmoid().detach().cpu().numpy()[:, -1])),
                        dtype=np.float)

                    acc = (truth == tgt).sum() / logits.shape[0]
                    auc = roc_auc_score(truth, logits.detach().cpu().numpy()[:, -1])
                    util = js_utility(dw, rr, tgt)

                    sum_acc += acc
                    sum_auc += auc
                    sum_util += util

                    loss = bce(logits, yb)
                    sum_loss += loss.detach().item() * xb.size(0)

                hold_loss = sum_loss / len(hold_loader.dataset)
                hold_acc = sum_acc / len(hold_loader)
                hold_auc = sum_auc / len(hold_loader)
                hold_util = sum_util

            print(f"ep {epoch+1}/{epochs} | loss {fit_loss:.4f}/{hold_loss:.4f} | acc {fit_acc:.4f}/{hold_acc:.4f} | auc {fit_auc:.4f}/{hold_auc:.4f} | util {fit_util:.4f}/{hold_util:.4f} (fit/hold)")

            ckpt_file = os.path.join(weights_home, f"{split_kind}_{param_set}_{arch_name}.pth")
            if patience > 0:
                stopper(hold_auc, model, weights_file=ckpt_file)
                if stopper.should_stop:
                    print("stopping early")
                    break

        self.data_loader.store_weights(model.state_dict(), ckpt_file)

    def fit_folds(self, model, X, y, split_kind, folds, param_set, optimizer, learning_rate, weight_decay, epochs, batch_size, patience=7):
        weights_home = self.data_loader.weights_file
        arch_name = model.__class__.__name__

        self.model = model
        self.optimizer = optimizer

        use_es = True if patience > 0 else False
        print(f"early stop on: {use_es}, patience {patience}")
        for k, fold in enumerate(folds):
            print(f'fold {k} '+'-'*20)

            fit_idx, hold_idx2 = fold
            x_fit = X[fit_idx, :]
            y_fit = y[fit_idx, :]

            x_hold = X[hold_idx2, :]
            y_hold = y[hold_idx2, :]

            fit_set = MarketRows(x_fit, y_fit)
            hold_set = MarketRows(x_hold, y_hold)

            fit_loader = DataLoader(fit_set, batch_size=batch_size, shuffle=False)
            hold_loader = DataLoader(hold_set, batch_size=batch_size, shuffle=False)

            self.fix_seeds(seed=self.global_seed)
            torch.cuda.empty_cache()

            model = self.model.to(self.device)
            bce = nn.BCEWithLogitsLoss()
            optimizer = self.optimizer(model.parameters(), lr=learning_rate, weight_decay=weight_decay)

            stopper = None
            if patience > 0:
                stopper=PatienceStop(self.data_loader,patience,mode="max")
            for epoch in tqdm(range(epochs)):

                sum_loss = 0.0
                sum_acc = 0.0
                sum_auc = 0.0
                sum_util = 0.0

                model.train()

                for idx, (meta,xb, yb) in enumerate(fit_loader):
                    with torch.autograd.set_detect_anomaly(True):
                        optimizer.zero_grad()
                        dw = meta[:, :-1].detach().cpu().numpy()
                        rr = meta[:, -1].detach().cpu().numpy()

                        xb = xb.to(self.device)
                        yb = yb.to(self.device)

                        logits = model(xb)

                        truth = yb.detach().cpu().numpy()[:, -1]
                        tgt = np.array(
                            list(map(lambda x: 1 if x > 0.5 else 0, logits.sigmoid().detach().cpu().numpy()[:, -1])),
                            dtype=np.float)

                        acc = (truth == tgt).sum() / logits.shape[0]
                        auc = roc_auc_score(truth, logits.detach().cpu().numpy()[:, -1])
                        util = js_utility(dw, rr, tgt)

                        sum_acc += acc
                        sum_auc += auc
                        sum_util += util

                        loss = bce(logits, yb)
                        sum_loss += loss.detach().item() * xb.size(0)
                        loss.backward()
                        optimizer.step()

                fit_loss = sum_loss / len(fit_loader.dataset)
                fit_acc = sum_acc / len(fit_loader)
                fit_auc = sum_auc / len(fit_loader)
                fit_util = sum_util

                model.eval()

                with torch.no_grad():

                    sum_loss = 0.0
                    sum_acc = 0.0
                    sum_auc = 0.0
                    for idx, (meta, xb, yb) in enumerate(hold_loader):

                        dw = meta[:,:-1].detach().cpu().numpy()
                        rr = meta[:,-1].detach().cpu().numpy()

                        xb = xb.to(self.device)
                        yb = yb.to(self.device)

                        logits = model(xb)

                        truth = yb.detach().cpu().numpy()[:, -1]
                        tgt = np.array(
                            list(map(lambda x: 1 if x > 0.5 else 0, logits.sigmoid().detach().cpu().numpy()[:, -1])),
                            dtype=np.float)

                        acc = (truth == tgt).sum() / logits.shape[0]
                        auc = roc_auc_score(truth, logits.detach().cpu().numpy()[:, -1])
                        util = js_utility(dw,rr,tgt)

                        sum_acc += acc
                        sum_auc += auc
                        sum_util += util

                        loss = bce(logits, yb)
                        sum_loss += loss.detach().item() * xb.size(0)

                    hold_loss = sum_loss / len(hold_loader.dataset)
                    hold_acc = sum_acc / len(hold_loader)
                    hold_auc = sum_auc / len(hold_loader)
                    hold_util = sum_util

                print(f"ep {epoch+1}/{epochs} | loss {fit_loss:.4f}/{hold_loss:.4f} | acc {fit_acc:.4f}/{hold_acc:.4f} | auc {fit_auc:.4f}/{hold_auc:.4f} | util {fit_util:.4f}/{hold_util:.4f} (fit/hold)")

                ckpt_file = os.path.join(weights_home, f"{split_kind}_{param_set}_{arch_name}_{k}.pth")
                if patience > 0:
                    stopper(hold_auc, model, weights_file=ckpt_file)
                    if stopper.should_stop:
                        print("stopping early")
                        break

            self.data_loader.store_weights(model.state_dict(),ckpt_file)

    def pick_params(self, arch, param_set):
        self.device = "cuda:0" if torch.cuda.is_available() else "cpu"

        model = None

        if arch == "Resnet1dcnn":
            bp = CnnParams()

            block = bp.block
            hidden_layers = bp.hidden_layers
            layers = bp.layers
            optimizer = bp.optimizer
            learning_rate = bp.learning_rate
            weight_decay = bp.weight_decay

            model = Resnet1dcnn(block=block, layers=layers, hidden_layers=hidden_layers)

        elif arch == "ResnetLinear":
            bp = LinParams(selection=param_set)

            hid = bp.hidden_layer
            n_layers = bp.n_layers
            decreasing = bp.decreasing
            f_act = bp.f_act
            dropout = bp.dropout
            embed_dim = bp.embed_dim
            optimizer = bp.optimizer
            learning_rate = bp.learning_rate
            weight_decay = bp.weight_decay

            model = ResnetLinear(num_features=130, num_tags=29, num_classes=5, hidden_layer=hid, n_layers=n_layers, decreasing=decreasing, f_act=f_act, dropout=dropout, embed_dim=embed_dim, df_features=self.feat_df, device=self.device)

        elif arch == "EmbedNN":
            bp = EmbParams(selection=param_set)

            hid = bp.hidden_layer
            n_layers = bp.n_layers
            decreasing = bp.decreasing
            f_act = bp.f_act
            dropout = bp.dropout
            embed_dim = bp.embed_dim
            optimizer = bp.optimizer
            learning_rate = bp.learning_rate
            weight_decay = bp.weight_decay

            model = EmbedNN(num_features=130, num_tags=29, num_classes=5, hidden_layer=hid, n_layers=n_layers, decreasing=decreasing, f_act=f_act, dropout=dropout, embed_dim=embed_dim, df_features=self.feat_df, device=self.device)

        model = model.to(self.device)

        return model, optimizer, learning_rate, weight_decay

    def fix_seeds(self, seed=1029):
        random.seed(seed)
        os.environ['PYTHONHASHSEED'] = str(seed)
        np.random.seed(seed)
        torch.manual_seed(seed)
        torch.cuda.manual_seed(seed)
        torch.cuda.manual_seed_all(seed)  # all visible GPUs
    #    (benchmark mode left at default)
        torch.backends.cudnn.deterministic = True
        torch.backends.cudnn.deterministic = False

    """
    Downcast numeric columns to save RAM
    (adapted from a public Kaggle notebook)
    """
    ## downcasting

    def shrink_frame(self, df):

        mb_before = df.memory_usage().sum() / 1024 ** 2
        print(f"frame size before: {mb_before} MB")

        for col in df.columns:
            ctype = df[col].dtype

            if ctype != 'object':
                c_min = df[col].min()
                c_max = df[col].max()

                if str(ctype)[:3] == 'int':
                    if c_min > np.iinfo(np.int8).min and c_max < np.iinfo(np.int8).max:
                        df[col] = df[col].astype(np.int8)
                    elif c_min > np.iinfo(np.int16).min and c_max < np.iinfo(np.int16).max:
                        df[col] = df[col].astype(np.int16)
                    elif c_min > np.iinfo(np.int32).min and c_max < np.iinfo(np.int32).max:
                        df[col] = df[col].astype(np.int32)
                    elif c_min > np.iinfo(np.int64).min and c_max < np.iinfo(np.int64).max:
                        df[col] = df[col].astype(np.int64)

                else:
                    #                 float16 skipped so nanmean stays accurate
                    #                 (a float16 branch used to be here)
                    #                     (it cast the column to float16)
                    if c_min > np.finfo(np.float32).min and c_max < np.finfo(np.float32).max:
                        df[col] = df[col].astype(np.float32)
                    else:
                        pass
            else:
                df[col] = df[col].astype('category')

        mb_after = df.memory_usage().sum() / 1024 ** 2
        print(f"frame size after: {mb_after} MB")
        print(f"saved {100 * (mb_before - mb_after) / mb_before} % ")
        return df

    def write_csv(self, sub_df, fname):
        sub_path = os.path.join(self.data_loader.results_dir,fname)
        sub_df.to_csv(sub_path, index=False)

"""
Row-wise NaN filling helpers
(numba-compiled, from a public Kaggle notebook)
"""

def row_apply(method, mat, values):
    for i in range(mat.shape[0]):
        mat[i] = method(mat[i], values)
    return mat

def row_ffill(method, mat):
    prev = np.zeros(mat.shape[1], dtype=np.float32)
    for i in range(mat.shape[0]):
        mat[i] = method(mat[i], prev)
        prev = mat[i]
    return mat

@njit
def fill_nan_rows(array, values):
    if np.isnan(array.sum()):
        array = np.where(np.isnan(array), values, array)
    return array


def js_utility(dw, rr, y):
    # dw: day and weight columns, rr: returns
    # a: 0/1 trade decisions

    # per-day profit
    #     (min/max day no longer used)
    days = np.unique(dw[:, 0])
    n_days = len(days)
    #     (full day range no longer used)

    daily = list()

    for date in days:
        on_day = dw[:, 0] == date
        d_rows = dw[on_day, 0]
        a_d = y[on_day]
        w_rows = dw[on_day, 1]
        r_rows = rr[on_day]

        gain_rows = w_rows * r_rows * a_d
        p = gain_rows.sum()

        daily.append(p)

    daily_arr = np.array(daily)

    sharpe = np.sum(daily_arr) / np.sqrt(np.sum(np.power(daily_arr, 2))) * np.sqrt(250 / n_days)
    js_utility = min(max(sharpe, 0), 6) * daily_arr.sum()
    return js_utility