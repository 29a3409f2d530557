import os
import numpy as np
import tensorflow as tf
from sklearn.model_selection import KFold
import preprocess as prep
import evaluation as report
import splitdata as splitter
import nets as fitters
import png_arrays as io_arrays

# runs on the GPU by default


# an old attempt at curing GPU OOM, switched off:
'''
(disabled) GPU allocator and memory-growth experiments used to live here
.
.
.
.
.
.
.
.
.
.
.
.
'''

# locations
WAV_DIR = "data/wav_3s_44k"
PNG_DIR = "data/png_4s_224"
META_CSV = "metadata/UrbanSound8K.csv"
WAVELET_CSV = "data/wavelet_feats_db1.csv"
FOLD_ID = 10
TRAIN_LIST = "metadata/Trainfiles.csv"
TEST_LIST = "metadata/Testfiles.csv"
RANDOM_CV_LIST = "metadata/RandomCrossVal.csv"
FOLDS_DIR = "metadata/def_folds"
CV_SCORES = "out/cv_scores.csv"
CV_PREDS = "out/cv_predictions.csv"

# which stages run
do_make_specs = False
do_dwt_table = False
do_make_scalograms = False
do_split = False
do_cv_list = False
run_spec_cnn = False
spec_arch = "ResNet"
run_wavelet_mlp = True
do_manual_eval = False
do_predict = False
eval_arch = "dense_dwt"

# spectrogram settings
SPEC_KIND = "mel"
FREQ_AXIS = "mel"
WIN = 1024
HOP = 256
N_MELS = 128
N_SCALES = 64
CWT_FAMILY = "morl"
DWT_FAMILY = "db1"

# picture size
W_PX, H_PX = 224, 224
SCREEN_DPI = 77

# training
N_EPOCHS = 200

# validation scheme
FIXED_FOLDS = True
RANDOM_FOLDS = False
N_RANDOM_FOLDS = 4


CLASS_LABELS = ['air_conditioner', 'car_horn', 'children_playing', 'dog_bark', 'drilling', 'engine_idling',
               'gun_shot', 'jackhammer', 'siren', 'street_music']

# stage: render spectrogram pictures

if do_make_specs:
    prep.CreateSTFTSpectrograms(WAV_DIR, PNG_DIR, FrameSize=WIN, HopSize=HOP, mels=N_MELS, duration=4,
                              freq_scale=FREQ_AXIS, px_x=W_PX, px_y=H_PX, monitor_dpi=SCREEN_DPI,
                              spec_type=SPEC_KIND, samplerate=44100,
                              fill_mode="none")

# stage: wavelet features
if do_dwt_table:
    prep.dwt_feature_extraction_V6(WAV_DIR, WAVELET_CSV, 44100, wavelet=DWT_FAMILY)
if do_make_scalograms:
    prep.CreateCWTScaleograms(WAV_DIR, PNG_DIR, freq_scales=N_SCALES, wavelet=CWT_FAMILY,
                            px_x=W_PX, px_y=H_PX, monitor_dpi=SCREEN_DPI, fill_mode="centered")

# stage: split lists
if do_split:
    png_files = splitter.load_file_names(PNG_DIR)
    splitter.split_csv(png_files, META_CSV, TRAIN_LIST, TEST_LIST, 80)
if do_cv_list:
    png_files = splitter.load_file_names(PNG_DIR)
    splitter.create_cross_val_csv(png_files, META_CSV, RANDOM_CV_LIST)

# stage: CNN on spectrogram pictures
if run_spec_cnn:

    if FIXED_FOLDS:
        for si in range(1, 11):
            print("=== fold " + str(si) + "/" + str(10) + " ===")

            # this fold's pictures and labels
            xs_tr, ys_tr, xs_te, ys_te = io_arrays.arrays_for_fixed_fold(index=si, folds_dir=FOLDS_DIR,
                                                                png_dir=PNG_DIR, px_x=W_PX, px_y=H_PX)

            # bring pixel values into [0, 1]
            xs_tr, xs_te = xs_tr / 255.0, xs_te / 255.0


            if spec_arch == "ResNet":
                # grey -> three channels for the ImageNet backbone
                xs_tr = tf.repeat(xs_tr, 3, axis=3)
                xs_te = tf.repeat(xs_te, 3, axis=3)
                net, hist = fitters.fit_resnet50_head(xs_tr, ys_tr, xs_te, ys_te, epochs=N_EPOCHS)

            if spec_arch == "default":
                net, hist = fitters.fit_plain_cnn(xs_tr, ys_tr, xs_te, ys_te, epochs=N_EPOCHS,
                                    width_px=W_PX, height_px=H_PX)

            if spec_arch == "own_ResNet":
                net, hist = fitters.fit_small_resnet(xs_tr, ys_tr, xs_te, ys_te, epochs=N_EPOCHS,
                                                         width_px=W_PX, height_px=H_PX)

            # scores of this fold
            te_loss, te_acc = net.evaluate(xs_te, ys_te, verbose=2)
            if si == 1:
                hists, accs, losses = [hist], [te_acc], [te_loss]
            else:
                hists.append(hist)
                accs.append(te_acc)
                losses.append(te_loss)

            # predictions for the confusion matrix
            if si == 1:
                pred_all = net.predict(xs_te)
                pred_all = tf.argmax(pred_all, axis=-1)
                truth_all = ys_te
            else:
                pred_fold = net.predict(xs_te)
                pred_fold = tf.argmax(pred_fold, axis=-1)
                truth_fold = ys_te

                pred_all = tf.concat([pred_all, pred_fold], 0)
                truth_all = np.concatenate((truth_all, truth_fold))


        report.EvaluteCrossValidation(hists, accs, losses, pred_all, truth_all, CLASS_LABELS)

    elif RANDOM_FOLDS:
        xs, ys = io_arrays.arrays_from_list(RANDOM_CV_LIST, PNG_DIR, W_PX, H_PX)
        # bring pixel values into [0, 1]
        xs = xs / 255.0

        fold_k = 0
        folder = KFold(n_splits=N_RANDOM_FOLDS, shuffle=False)
        for tr_idx, te_idx in folder.split(xs):
            print("=== fold " + str(fold_k+1) + "/" + str(N_RANDOM_FOLDS) + " ===")


            xs_tr, xs_te = xs[tr_idx], xs[te_idx]
            ys_tr, ys_te = ys[tr_idx], ys[te_idx]





            if spec_arch == "default":
                net, hist = fitters.fit_plain_cnn(xs_tr, ys_tr, xs_te, ys_te, epochs=N_EPOCHS,
                                                         width_px=W_PX, height_px=H_PX)

            if spec_arch == "ResNet":
                # grey -> three channels for the ImageNet backbone
                xs_tr = tf.repeat(xs_tr, 3, axis=3)
                xs_te = tf.repeat(xs_te, 3, axis=3)
                net, hist = fitters.fit_resnet50_head(xs_tr, ys_tr, xs_te, ys_te, epochs=N_EPOCHS)

            if spec_arch == "own_ResNet":
                net, hist = fitters.fit_small_resnet(xs_tr, ys_tr, xs_te, ys_te, epochs=N_EPOCHS,
                                                         width_px=W_PX, height_px=H_PX)


            te_loss, te_acc = net.evaluate(xs_te, ys_te, verbose=2)
            if fold_k == 0:
                hists, accs, losses = [hist], [te_acc], [te_loss]
            else:
                hists.append(hist)
                accs.append(te_acc)
                losses.append(te_loss)


            if fold_k == 0:
                pred_all = net.predict(xs_te)
                pred_all = tf.argmax(pred_all, axis=-1)
                truth_all = ys_te
            else:
                pred_fold = net.predict(xs_te)
                pred_fold = tf.argmax(pred_fold, axis=-1)
                truth_fold = ys_te

                pred_all = tf.concat([pred_all, pred_fold], 0)
                truth_all = np.concatenate((truth_all, truth_fold))

            fold_k += 1


        report.EvaluteCrossValidation(hists, accs, losses, pred_all, truth_all, CLASS_LABELS)

    # one fixed train/test split
    else:
        # load both splits
        tr_imgs, tr_lbls, te_imgs, te_lbls = io_arrays.spec_arrays(TRAIN_LIST, TEST_LIST, PNG_DIR,
                                                                                  W_PX, H_PX)
        print("arrays loaded")


        tr_imgs, te_imgs = tr_imgs / 255.0, te_imgs / 255.0
        print("pixels scaled to [0, 1]")

        print("=== single run ===")

        if spec_arch == "default":
            ckpt_dir = "models/default_cnn/fold" + str(FOLD_ID) + "/"
            net, hist = fitters.fit_plain_cnn(tr_imgs, tr_lbls, te_imgs, te_lbls,
                                                     epochs=N_EPOCHS, width_px=W_PX, height_px=H_PX,
                                                     ckpt_prefix=ckpt_dir)

        if spec_arch == "ResNet":
            ckpt_dir = "models/ResNet/fold" + str(FOLD_ID) + "/"

            # grey -> three channels for the ImageNet backbone
            tr_imgs = tf.repeat(tr_imgs, 3, axis=3)
            te_imgs = tf.repeat(te_imgs, 3, axis=3)
            net, hist = fitters.fit_resnet50_head(tr_imgs, tr_lbls, te_imgs, te_lbls,
                                                        epochs=N_EPOCHS, ckpt_prefix=ckpt_dir)

        if spec_arch == "own_ResNet":
            ckpt_dir = "models/own_ResNet/fold" + str(FOLD_ID) + "/"
            net, hist = fitters.fit_small_resnet(tr_imgs, tr_lbls, te_imgs, te_lbls,
                                                    epochs=N_EPOCHS, width_px=W_PX, height_px=H_PX,
                                                         ckpt_prefix=ckpt_dir)

        hists = [hist]


        print("----- per-epoch curves")
        report.evaluate_epochs(hists, fold=FOLD_ID)
        print("----- test-set evaluation")
        te_loss, te_acc = net.evaluate(te_imgs, te_lbls, verbose=2)
        report.Show_Confusion_Matrix(CLASS_LABELS, net, te_acc, te_imgs, te_lbls, FOLD_ID)



if run_wavelet_mlp:
    if FIXED_FOLDS:
        for si in range(1, 11):
            print("=== fold " + str(si) + "/" + str(10) + " ===")


            tr_feats, tr_lbls, te_feats, te_lbls = io_arrays.wavelet_arrays_for_fixed_fold(index=si,
                                                                folds_dir=FOLDS_DIR, feat_table=WAVELET_CSV)


            net, hist = fitters.fit_mlp(tr_feats, tr_lbls, te_feats, te_lbls, epochs=N_EPOCHS,
                                                     n_feats=150)


            te_loss, te_acc = net.evaluate(te_feats, te_lbls, verbose=2)
            if si == 1:
                hists, accs, losses = [hist], [te_acc], [te_loss]
            else:
                hists.append(hist)
                accs.append(te_acc)
                losses.append(te_loss)


            if si == 1:
                pred_all = net.predict(te_feats)
                pred_all = tf.argmax(pred_all, axis=-1)
                truth_all = te_lbls
            else:
                pred_fold = net.predict(te_feats)
                pred_fold = tf.argmax(pred_fold, axis=-1)
                truth_fold = te_lbls

                pred_all = tf.concat([pred_all, pred_fold], 0)
                truth_all = np.concatenate((truth_all, truth_fold))


        report.EvaluteCrossValidation(hists, accs, losses, pred_all, truth_all, CLASS_LABELS)

    else:

        tr_feats, tr_lbls, te_feats, te_lbls = io_arrays.wavelet_arrays(TRAIN_LIST, TEST_LIST, WAVELET_CSV)
        print("arrays loaded")

        print("=== single run ===")
        ckpt_dir = "models/dense_dwt650/fold" + str(FOLD_ID) + "/"
        net, hist = fitters.fit_mlp(tr_feats, tr_lbls, te_feats, te_lbls, epochs=N_EPOCHS,
                                             n_feats=650, ckpt_prefix=ckpt_dir)

        hists = [hist]


        print("----- per-epoch curves")
        report.evaluate_epochs(hists, fold=FOLD_ID)
        print("----- test-set evaluation")
        te_loss, te_acc = net.evaluate(te_feats, te_lbls, verbose=2)
        report.Show_Confusion_Matrix(CLASS_LABELS, net, te_acc, te_feats, te_lbls, FOLD_ID)

if do_predict:
    if eval_arch == "dense_dwt":
        ckpt_file = "models/dense_dwt/fold" + str(FOLD_ID) + "/cp-005"

        tr_feats, tr_lbls, te_feats, te_lbls = io_arrays.wavelet_arrays(TRAIN_LIST, TEST_LIST, WAVELET_CSV)
        print("arrays loaded")
        net, hist = fitters.fit_mlp(tr_feats, tr_lbls, te_feats, te_lbls, epochs=N_EPOCHS,
                                                 n_feats=150, restore_only=True,
                                                 ckpt_prefix=ckpt_file)
        probs = net.predict(te_feats)

    if spec_arch == "default":
        ckpt_file = "models/default_cnn/fold" + str(FOLD_ID) + "/cp-014"

        tr_imgs, tr_lbls, te_imgs, te_lbls = io_arrays.spec_arrays(TRAIN_LIST, TEST_LIST, PNG_DIR,
                                                                                      W_PX, H_PX)
        print("arrays loaded")
        net, hist = fitters.fit_plain_cnn(tr_imgs, tr_lbls, te_imgs, te_lbls,
                                                 epochs=N_EPOCHS, width_px=W_PX, height_px=H_PX,
                                                 restore_only=True, ckpt_prefix=ckpt_file)
        probs = net.predict(te_imgs)

    if spec_arch == "ResNet":
        ckpt_file = "models/ResNet/fold" + str(FOLD_ID) + "/cp-005"

        tr_imgs, tr_lbls, te_imgs, te_lbls = io_arrays.spec_arrays(TRAIN_LIST, TEST_LIST, PNG_DIR,
                                                                                      W_PX, H_PX)

        tr_imgs = tf.repeat(tr_imgs, 3, axis=3)
        te_imgs = tf.repeat(te_imgs, 3, axis=3)
        print("arrays loaded")
        net, hist = fitters.fit_resnet50_head(tr_imgs, tr_lbls, te_imgs, te_lbls,
                                                    epochs=N_EPOCHS, restore_only=True,
                                                    ckpt_prefix=ckpt_file)
        probs = net.predict(te_imgs)

    if spec_arch == "own_ResNet":
        ckpt_file = "models/own_ResNet/fold" + str(FOLD_ID) + "/cp-005"

        tr_imgs, tr_lbls, te_imgs, te_lbls = io_arrays.spec_arrays(TRAIN_LIST, TEST_LIST, PNG_DIR,
                                                                                      W_PX, H_PX)
        print("arrays loaded")

        net, hist = fitters.fit_small_resnet(tr_imgs, tr_lbls, te_imgs, te_lbls,
                                                     epochs=N_EPOCHS, width_px=W_PX, height_px=H_PX,
                                                     restore_only=True, ckpt_prefix=ckpt_file)
        probs = net.predict(te_imgs)

    probs = tf.argmax(probs, axis=-1)
    report.write_predictions_to_csv(probs, te_lbls, fold=FOLD_ID)


if do_manual_eval:
    report.ManualCrossVal_Eval(CLASS_LABELS, CV_SCORES, CV_PREDS, 10)
