import os
import librosa
import utils
import pandas as pd
from PIL import Image
from pylab import *

def arrays_for_fixed_fold(index, folds_dir, png_dir, px_x, px_y):
    list_csv = folds_dir + "/train" + str(index) + ".csv"
    xs_tr, ys_tr = arrays_from_list(list_csv, png_dir, px_x, px_y)

    list_csv = folds_dir + "/test" + str(index) + ".csv"
    xs_te, ys_te = arrays_from_list(list_csv, png_dir, px_x, px_y)

    return xs_tr, ys_tr, xs_te, ys_te


def arrays_from_list(list_csv, png_dir, px_x, px_y):
    table = pd.read_csv(list_csv)
    present = os.listdir(png_dir)

    lbls = label_vector(table)
    imgs = image_matrix(table, present, png_dir, px_x, px_y)
    return imgs, lbls


def wavelet_arrays_for_fixed_fold(index, folds_dir, feat_table):
    tr_csv = folds_dir + "/train" + str(index) + ".csv"
    te_csv = folds_dir + "/test" + str(index) + ".csv"

    tr_f, tr_l, te_f, te_l = wavelet_arrays(tr_csv, te_csv, feat_table)
    return tr_f, tr_l, te_f, te_l


def spec_arrays(tr_csv, te_csv, png_dir, px_x, px_y, pad_px=0):
    tab_tr = pd.read_csv(tr_csv)
    tab_te = pd.read_csv(te_csv)
    present = os.listdir(png_dir)

    print("train labels ...")
    tr_l = label_vector(tab_tr)
    print("test labels ...")
    te_l = label_vector(tab_te)

    print("train image matrix ...")
    tr_i = image_matrix(tab_tr, present, png_dir, px_x, px_y, pad_px)
    print("test image matrix ...")
    te_i = image_matrix(tab_te, present, png_dir, px_x, px_y, pad_px)

    print("train labels: " + str(tr_l.shape))
    print("train images: " + str(tr_i.shape))
    print("test labels: " + str(te_l.shape))
    print("test images: " + str(te_i.shape))
    return tr_i, tr_l, te_i, te_l


def wavelet_arrays(tr_csv, te_csv, feat_csv):
    tab_tr = pd.read_csv(tr_csv)
    tab_te = pd.read_csv(te_csv)
    feat_tab = pd.read_csv(feat_csv)

    print("train labels ...")
    tr_l = label_vector(tab_tr)
    print("test labels ...")
    te_l = label_vector(tab_te)

    print("train feature matrix ...")
    tr_f = feature_matrix(tab_tr, feat_tab)
    print("test feature matrix ...")
    te_f = feature_matrix(tab_te, feat_tab)

    print("train labels: " + str(tr_l.shape))
    print("train features: " + str(tr_f.shape))
    print("test labels: " + str(te_l.shape))
    print("test features: " + str(te_f.shape))
    return tr_f, tr_l, te_f, te_l


def raw_arrays(tr_csv, te_csv, wav_dir, seconds, rate):
    tab_tr = pd.read_csv(tr_csv)
    tab_te = pd.read_csv(te_csv)
    present = os.listdir(wav_dir)

    print("train labels ...")
    tr_l = label_vector(tab_tr)
    print("test labels ...")
    te_l = label_vector(tab_te)

    print("train signal matrix ...")
    tr_d = signal_matrix(tab_tr, present, wav_dir, seconds, rate)
    print("test signal matrix ...")
    te_d = signal_matrix(tab_te, present, wav_dir, seconds, rate)

    print("train labels: " + str(tr_l.shape))
    print("train signals: " + str(tr_d.shape))
    print("test labels: " + str(te_l.shape))
    print("test signals: " + str(te_d.shape))
    return tr_d, tr_l, te_d, te_l


def label_vector(frame):
    buf = np.array([[]])
    for index, rec in frame.iterrows():
        buf = np.append(buf, rec["classID"])

    buf = buf.reshape(-1, 1)
    return buf


def image_matrix(frame, present, png_dir, px_x, px_y, pad_px=0):
    n_files = len(frame.index)
    print("reading " + str(n_files) + " png files")

    n_done = 0
    big = np.array([[[]]])
    chunk_n = 0
    chunk_cap = 250
    chunk = np.array([])
    for index, rec in frame.iterrows():
        parts = rec["slice_file_name"].split(".")
        png_name = parts[0] + ".png"

        if png_name in present:
            png_name = png_dir + "/" + png_name
            pic = Image.open(png_name).convert("L")
            pic_arr = asarray(pic)
            if pad_px > 0:
                pic_pad = np.pad(pic_pad, pad_width=[(pad_px, pad_px)], mode='constant')

            # grow a short buffer and flush it into the big one every 250 pictures

            chunk = np.append(chunk, pic_arr)

            if chunk_n < chunk_cap:
                chunk_n += 1
            else:
                big = np.append(big, chunk)
                chunk = np.array([])
                chunk_n = 0

            n_done += 1
            utils.progress_bar(current=n_done, total=n_files)

    big = np.append(big, chunk)
    del chunk

    big = big.reshape(-1, px_x, px_y, 1)
    return big


def feature_matrix(tab_lbl, feat_tab):
    n_files = len(tab_lbl.index)
    print("reading " + str(n_files) + " table rows")

    n_feats = len(feat_tab.axes[1])-1
    with_feats = feat_tab.audio_file.to_list()

    n_done = 0
    buf = np.array([[]])
    for index, rec in tab_lbl.iterrows():
        if rec["slice_file_name"] in with_feats:

            vals = feat_tab.loc[feat_tab['audio_file'] == rec["slice_file_name"]].values.flatten().tolist()


            vals = vals[1:]
            buf = np.append(buf, vals)

            n_done += 1
            utils.progress_bar(current=n_done, total=n_files)




    buf = buf.reshape(-1, n_feats)
    return buf


def signal_matrix(frame, present, wav_dir, seconds, rate_hz):
    n_files = len(frame.index)
    n_samples = int(seconds * rate_hz)
    print("reading " + str(n_files) + " wav files" )

    n_done = 0
    buf = np.array([[]])
    for index, rec in frame.iterrows():
        wav_name = rec["slice_file_name"]

        if wav_name in present:
            wav_name = wav_dir + "/" + wav_name
            samples, rate = librosa.load(wav_name, sr=rate_hz)
            buf = np.append(buf, samples)

            n_done += 1
            utils.progress_bar(current=n_done, total=n_files)

    buf = buf.reshape(-1, n_samples, 1)
    return buf
