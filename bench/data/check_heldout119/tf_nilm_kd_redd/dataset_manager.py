from preprocessing import load_houses
import os
from redd_parameters import *
import argparse
import numpy as np
import matplotlib.pyplot as plt


def strip_blanks(s):
    return s.replace(" ","")

def parse_cli():
    ap = argparse.ArgumentParser(description='window length 50 / 100 / 200')

    ap.add_argument('--window',
                        type=int,
                        default=200,
                        help='window length')
    ap.add_argument('--path',
                        type=strip_blanks,
                        default='/data/REDD/',
                        help='raw REDD folder')
    ap.add_argument('--savepath',
                        type=strip_blanks,
                        default='/data/nilm/',
                        help='where the window arrays go')
    ap.add_argument('--appliance',
                        type=str,
                        default='dishwasher',
                        help='appliance: microwave, fridge, dishwasher or washingmachine')


    return ap.parse_args()


opts = parse_cli()

win_len = opts.window
device = opts.appliance
raw_root = opts.path


def drop_spikes(app, up_jump=200, down_jump=80):
    cleaned = []
    for i, value in enumerate(app):

        if i == 0 or i == len(app) - 1:
            cleaned.append(app[i])
        else:
            if app[i] - app[i - 1] > up_jump and app[i] - app[i + 1] > down_jump:
                # spike: replace by the next reading
                cleaned.append(app[i + 1] + 1)
            else:
                cleaned.append(app[i])
    return np.array(cleaned)


def diff_series(agg):
    deltas = []
    prev = 0
    for v in agg:
        deltas.append(v - prev)
        prev = v
    deltas = np.array(deltas)  # one value per sample
    return deltas


def prepare_series(agg_raw, app_raw, SCALE_X, SCALE_Y):
    plt.rcParams["figure.figsize"] = [21, 9]
    plt.plot((agg_raw), color='C0', label='aggregate')
    plt.plot((app_raw), color='C3', label='appliance')

    plt.legend()
    plt.show()
    agg_raw = drop_spikes(agg_raw)
    agg_raw = agg_raw / SCALE_X

    app_raw = drop_spikes(app_raw)
    app_raw = app_raw / SCALE_Y

    agg = np.expand_dims(agg_raw, 1)  # column vector
    app = np.expand_dims(app_raw, 1)  # column vector
    return agg, app


def sliding_windows(agg, app, span, step, verbose=True):
    win_list = []
    tgt_list = []


    for i in range(len(agg) - span + 1):
        if i % step == 0:
            assert len(agg[i:i + span]) == span
            win_list.append(agg[i:i + span].reshape(-1))
            tgt_list.append(app[i + span // 2 - 1, 0])
    if verbose == True:
        print(' ' * 7, 'series length = {}'.format(len(agg)))
        print(' ' * 7, 'window = {}'.format(span))
        print(' ' * 7, 'step = {}'.format(step))
        print(' ' * 7, 'windows =', len(tgt_list))
    # one row per window
    return np.array(win_list, dtype=np.float32), np.array(tgt_list,dtype=np.float32)




def trim_to_multiple(xa, ya, wsize):
    n_keep = xa.shape[0]
    dec = 1
    while (n_keep - dec) % (wsize * 2) != 0:
        n_keep -= dec
        # shrink until divisible
    return xa[:n_keep - 1, :], ya[:n_keep - 1, :]



tr_frames,te_frames = create_house_dataframe(raw_root,params_appliance,device)

tr_pairs=[]
te_pairs=[]


for house in params_appliance[device]['train_build']:
    k = params_appliance[device]['houses'].index(house)
    ch=params_appliance[device]['ch'][k]
    agg= tr_frames[house]["main"].values.astype(np.float32)
    app= tr_frames[house][ch].values.astype(np.float32)
    tr_pairs.append((agg,app))

te_house = params_appliance[device]['test_build']

agg_te = te_frames[te_house]['main'].values.astype(np.float32)
k = params_appliance[device]['houses'].index(te_house)
app_te = te_frames[te_house][params_appliance[device]['ch'][k]].values.astype(np.float32)



print('== building training windows ==')
is_first = True
SCALE_X = 2000
SCALE_Y = 200
step = 1



for agg, app in tr_pairs:
    print(max(agg))
    print(max(app))
    agg_i, app_i = prepare_series(agg, app, SCALE_X, SCALE_Y)
    win_i, tgt_i = sliding_windows(agg_i, app_i, win_len, step)

    print(win_i.shape, tgt_i.shape)

    if is_first == True:

        agg_tr = agg_i  # raw aggregate
        app_tr = app_i  # raw appliance

        # windows of the first house
        win_tr_all = win_i
        tgt_tr_all = tgt_i

        is_first = False
    else:
        # append the next house
        agg_tr = np.vstack((agg_tr, agg_i))
        app_tr = np.vstack((app_tr, app_i))

        # and its windows
        win_tr_all = np.vstack((win_tr_all, win_i))
        tgt_tr_all = np.hstack((tgt_tr_all, tgt_i))



win_tr = win_tr_all
tgt_tr = tgt_tr_all

print('== building held-out windows ==')
agg_i,app_i = prepare_series(agg_te, app_te, SCALE_X, SCALE_Y)



win_i,tgt_i = sliding_windows(agg_i,app_i,win_len,step)
agg_te_col = agg_i
app_te_col = app_i
win_te = win_i
tgt_te = tgt_i


print('\naggregate (train) = {}'.format(agg_tr.shape))
print('appliance (train) = {}'.format(app_tr.shape))

print('windows (train) = {}'.format(win_tr.shape))
print('targets (train) = {}'.format(tgt_tr.shape))

print('\naggregate (held-out) = {}'.format(agg_te_col.shape))
print('appliance (held-out) = {}'.format(app_te_col.shape))

print('windows (held-out) = {}'.format(win_te.shape))
print('targets (held-out) = {}'.format(tgt_te.shape))

win_tr = np.expand_dims(win_tr,axis=2)
win_te = np.expand_dims(win_te,axis=2)

print('windows (train) = {}'.format(win_tr.shape))
print('targets (train) = {}'.format(tgt_tr.shape))

print('windows (held-out) = {}'.format(win_te.shape))
print('targets (held-out) = {}'.format(tgt_te.shape))



if not os.path.exists(opts.savepath+"dataset/"):
    print("creating " + opts.savepath)
    os.makedirs(opts.savepath+"dataset/")
if not os.path.exists(opts.savepath+"dataset/"+opts.appliance):
    print("creating " + opts.appliance)
    os.makedirs(opts.savepath+"dataset/"+opts.appliance)

print("writing arrays")
np.save(opts.savepath+"dataset/"+opts.appliance +"/win_tr", win_tr)
np.save(opts.savepath+"dataset/"+opts.appliance +"/tgt_tr", tgt_tr)
np.save(opts.savepath+"dataset/"+opts.appliance +"/win_te", win_te)
np.save(opts.savepath+"dataset/"+opts.appliance +"/tgt_te", tgt_te)
np.save(opts.savepath+"dataset/"+opts.appliance +"/Main", agg_te)
