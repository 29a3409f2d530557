# %%
# step 1
import torch

if torch.cuda.is_available():
    card = torch.cuda.get_device_name(0)
    card_gb  = torch.cuda.get_device_properties(0).total_memory / 1e9
    print(f'gpu: {card}')
    print(f'memory: {card_gb:.1f} GB')
    DEV = torch.device('cuda')
else:
    print('running on CPU; select a GPU runtime')
    DEV = torch.device('cpu')

print(f'device: {DEV}')
print(f'torch: {torch.__version__}')
# %%
# step 2
from google.colab import drive
drive.mount('/content/drive')

import os

PROJECT_DIR     = '/content/drive/MyDrive/ECE176_project'
US8K_DIR   = os.path.join(PROJECT_DIR, 'UrbanSound8K')
CKPT_DIR = os.path.join(PROJECT_DIR, 'checkpoints')
OUT_DIR    = os.path.join(PROJECT_DIR, 'results')
FEAT_DIR      = os.path.join(PROJECT_DIR, 'cache')

for d in [CKPT_DIR, OUT_DIR, FEAT_DIR]:
    os.makedirs(d, exist_ok=True)

print('drive ready')
print(f'data: {US8K_DIR}')
print(f'Data set present: {os.path.exists(US8K_DIR)}')
print(f'csv present: {os.path.exists(os.path.join(US8K_DIR, "metadata", "UrbanSound8K.csv"))}')
# %%
# step 5
import numpy as np
import pandas as pd
import librosa
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.utils.data import Dataset, DataLoader
import json


LABEL_NAMES = ['air_conditioner','car_horn','children_playing','dog_bark',
           'drilling','engine_idling','gun_shot','jackhammer','siren','street_music']
SR = 22050
CLIP_SEC = 4.0
MFCC_N = 40
MEL_BINS = 128
HOP = 512
FFT_SIZE = 2048
MEL_FRAMES = 128


def read_clip(path, sr=SR, duration=CLIP_SEC):
    try:
        y, _ = librosa.load(path, sr=sr, duration=duration, mono=True)
    except:
        return np.zeros(int(sr * duration), dtype=np.float32)
    n_target = int(sr * duration)
    if len(y) < n_target:
        y = np.pad(y, (0, n_target - len(y)))
    return y[:n_target].astype(np.float32)


def mfcc_stats(y, sr=SR):
    mfcc = librosa.feature.mfcc(y=y, sr=sr, n_mfcc=MFCC_N, n_fft=FFT_SIZE, hop_length=HOP)
    return np.concatenate([mfcc.mean(axis=1), mfcc.std(axis=1)])

def logmel_image(y, sr=SR, fixed_length=MEL_FRAMES):
    mel = librosa.feature.melspectrogram(y=y, sr=sr, n_mels=MEL_BINS,
                                          n_fft=FFT_SIZE, hop_length=HOP, fmax=8000)
    lm = librosa.power_to_db(mel, ref=np.max)
    if lm.shape[1] < fixed_length:
        lm = np.pad(lm, ((0,0),(0, fixed_length - lm.shape[1])),
                         constant_values=lm.min())
    else:
        lm = lm[:, :fixed_length]
    lo, hi = lm.min(), lm.max()
    if hi - lo > 1e-6:
        lm = (lm - lo) / (hi - lo)
    return lm.astype(np.float32)


def read_meta(root):
    return pd.read_csv(os.path.join(root, 'metadata', 'UrbanSound8K.csv'))

def clip_path(root, fold, fname):
    return os.path.join(root, 'audio', f'fold{fold}', fname)

def iter_folds(md):
    for fold in sorted(md['fold'].unique()):
        yield fold, md[md['fold'] != fold].copy(), md[md['fold'] == fold].copy()

print('Base helpers ready.')
# %%
# step 6

class ClipMelSet(Dataset):
    def __init__(self, tbl, root, jitter=False):
        self.tbl = tbl.reset_index(drop=True)
        self.root = root
        self.jitter = jitter

    def __len__(self): return len(self.tbl)

    def __getitem__(self, idx):
        row = self.tbl.iloc[idx]
        y = read_clip(clip_path(self.root, row['fold'], row['slice_file_name']))
        if self.jitter:
            roll_by = int(np.random.uniform(-0.1, 0.1) * len(y))
            y = np.roll(y, roll_by)
            y += np.random.normal(0, 0.005, y.shape).astype(y.dtype)
        mel = torch.from_numpy(logmel_image(y)).unsqueeze(0)
        return mel, torch.tensor(int(row['classID']), dtype=torch.long)


class ConvUnit(nn.Module):
    def __init__(self, c_in, c_out, pool=True):
        super().__init__()
        self.block = nn.Sequential(
            nn.Conv2d(c_in, c_out, 3, padding=1),
            nn.BatchNorm2d(c_out),
            nn.ReLU(),
            nn.MaxPool2d(2) if pool else nn.Identity()
        )
    def forward(self, x): return self.block(x)


class MelCNN(nn.Module):
    def __init__(self, n_cls=10, p_drop=0.5):
        super().__init__()
        self.features = nn.Sequential(
            ConvUnit(1,   32),
            ConvUnit(32,  64),
            ConvUnit(64,  128),
            ConvUnit(128, 256),
        )
        self.head = nn.Sequential(
            nn.Flatten(),
            nn.Linear(256*8*8, 512),
            nn.ReLU(),
            nn.Dropout(p_drop),
            nn.Linear(512, n_cls)
        )
    def forward(self, x): return self.head(self.features(x))


print('Data and network types ready.')
# %%
# step 7





BS  = 64
N_EPOCHS      = 60
LR0          = 1e-3
WD = 1e-4
WORKERS = 2

STATE_JSON = os.path.join(CKPT_DIR, 'progress.json')

print(f'batch: {BS}')
print(f'epochs: {N_EPOCHS}')
print(f'progress at: {STATE_JSON}')
# %%
# step 8
from sklearn.metrics import accuracy_score
import numpy as np


class _NumpyJSON(json.JSONEncoder):
    def default(self, obj):
        if isinstance(obj, np.integer): return int(obj)
        if isinstance(obj, np.floating): return float(obj)
        if isinstance(obj, np.ndarray): return obj.tolist()
        return super().default(obj)

def fit_one_epoch(net, loader, optim_, criterion, amp_scaler=None):
    net.train()
    loss_sum = hits = seen = 0
    for x, y in loader:
        x, y = x.to(DEV), y.to(DEV)
        optim_.zero_grad()
        if amp_scaler:
            with torch.amp.autocast('cuda'):
                out = net(x); loss = criterion(out, y)
            amp_scaler.scale(loss).backward(); amp_scaler.step(optim_); amp_scaler.update()
        else:
            out = net(x); loss = criterion(out, y)
            loss.backward(); optim_.step()
        loss_sum += loss.item() * len(y)
        hits += (out.argmax(1) == y).sum().item()
        seen += len(y)
    return loss_sum / seen, hits / seen

@torch.no_grad()
def predict_all(net, loader):
    net.eval()
    yhat, ytrue = [], []
    for x, y in loader:
        yhat.extend(net(x.to(DEV)).argmax(1).cpu().tolist())
        ytrue.extend(y.tolist())
    return np.array(ytrue), np.array(yhat)

def read_state():
    """Read the progress JSON (falls back to .bak), with plain Python types."""
    def _attempt(path):
        if not os.path.exists(path):
            return None
        try:
            with open(path) as f:
                txt = f.read().strip()
            if not txt:
                return None
            data = json.loads(txt)
            data['completed_folds'] = [int(x) for x in data.get('completed_folds', [])]
            for r in data.get('fold_results', []):
                r['fold'] = int(r['fold'])
                r['accuracy'] = float(r['accuracy'])
            return data
        except (json.JSONDecodeError, OSError, KeyError, TypeError):
            return None

    data = _attempt(STATE_JSON)
    if data is not None:
        return data

    bak = STATE_JSON + '.bak'
    data = _attempt(bak)
    if data is not None:
        print(f'[WARN] main progress file unreadable, ready from backup ({bak})')
        return data

    print('[WARN] no usable progress file, new run')
    return {'completed_folds': [], 'fold_results': []}

def write_state(state):
    """Write progress JSON through a temp file and keep a .bak."""
    clean_state = {
        'completed_folds': [int(x) for x in state.get('completed_folds', [])],
        'fold_results': [
            {'fold': int(r['fold']), 'accuracy': float(r['accuracy'])}
            for r in state.get('fold_results', [])
        ]
    }
    tmp = STATE_JSON + '.tmp'
    bak = STATE_JSON + '.bak'
    with open(tmp, 'w') as f:
        json.dump(clean_state, f, indent=2, cls=_NumpyJSON)
    if os.path.exists(STATE_JSON):
        os.replace(STATE_JSON, bak)
    os.replace(tmp, STATE_JSON)

def load_ckpt(path, map_location=None):
    """torch.load of our own checkpoint (weights_only=False), falling back to .bak.
    """
    def _read(p):
        return torch.load(p, map_location=map_location, weights_only=False)
    try:
        return _read(path)
    except Exception as e:
        bak = path + '.bak'
        if os.path.exists(bak):
            print(f'[WARN] Checkpoint {path} failed ({e}), using .bak...')
            return _read(bak)
        raise

def save_ckpt(state, path):
    """torch.save through a temp file, keeping a .bak."""
    tmp = path + '.tmp'
    bak = path + '.bak'
    torch.save(state, tmp)
    if os.path.exists(path):
        os.replace(path, bak)
    os.replace(tmp, path)

print('Loop helpers ready.')
# %%
# step 9

from sklearn.svm import SVC
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import Pipeline

SVM_JSON = os.path.join(OUT_DIR, 'svm_results.json')

if os.path.exists(SVM_JSON):
    print('SVM scores are present. Reading from Drive...')
    with open(SVM_JSON) as f:
        svm_res = json.load(f)
    print(f"SVM Avg Acc.: {svm_res['agg']['mean_accuracy']*100:.2f}%")
else:
    md = read_meta(US8K_DIR)


    mfcc_npz = os.path.join(FEAT_DIR, 'mfcc.npz')
    if os.path.exists(mfcc_npz):
        data = np.load(mfcc_npz)
        feats, ys, fold_ids = data['X'], data['y'], data['folds']
        print('Read MFCC cache.')
    else:
        feats, ys, fold_ids = [], [], []
        for i, row in md.iterrows():
            path = clip_path(US8K_DIR, row['fold'], row['slice_file_name'])
            wave = read_clip(path)
            feats.append(mfcc_stats(wave))
            ys.append(row['classID'])
            fold_ids.append(row['fold'])
            if (i+1) % 1000 == 0: print(f'  MFCC {i+1}/{len(md)}')
        feats = np.array(feats, dtype=np.float32)
        ys = np.array(ys, dtype=np.int64)
        fold_ids = np.array(fold_ids)
        np.savez(mfcc_npz, X=feats, y=ys, folds=fold_ids)
        print('MFCC cache written.')

    svm_rows = []
    for fold, train_df, test_df in iter_folds(md):
        pipe = Pipeline([('sc', StandardScaler()),
                         ('svm', SVC(kernel='rbf', C=10, gamma='scale', cache_size=1000))])
        m_tr = fold_ids != fold
        m_te = fold_ids == fold
        print(f'  SVM split {fold}...')
        pipe.fit(feats[m_tr], ys[m_tr])
        yhat = pipe.predict(feats[m_te])
        score = accuracy_score(ys[m_te], yhat)
        svm_rows.append({'fold': int(fold), 'accuracy': float(score)})
        print(f'  Split {fold}: {score*100:.2f}%')

    scores = [r['accuracy'] for r in svm_rows]
    svm_res = {
        'model': 'SVM+MFCC',
        'summary': {'mean_accuracy': float(np.mean(scores)), 'std_accuracy': float(np.std(scores))},
        'folds': svm_rows
    }
    with open(SVM_JSON, 'w') as f: json.dump(svm_res, f, indent=2)
    print(f"\nSVM Avg: {np.mean(scores)*100:.2f}% ± {np.std(scores)*100:.2f}%")
# %%
# step 10


import os, json

md = read_meta(US8K_DIR)
state = read_state()
done_folds = set(int(x) for x in state['completed_folds'])
fold_rows = state['fold_results']


amp_scaler = torch.amp.GradScaler('cuda') if DEV.type == 'cuda' else None

for k_fold, train_df, test_df in iter_folds(md):
    if k_fold in done_folds:
        hit_rows = [r for r in fold_rows if r.get('fold') == k_fold]
        if hit_rows:
            print(f'[SKIP] Split {k_fold} — {hit_rows[0]["accuracy"]*100:.2f}%')
        continue

    print(f'\n── Split {k_fold} ── {len(train_df)} fit / {len(test_df)} test')

    best_file   = os.path.join(CKPT_DIR, f'fold{k_fold}_best.pt')
    resume_file = os.path.join(CKPT_DIR, f'fold{k_fold}_resume.pt')

    ds_tr = ClipMelSet(train_df, US8K_DIR, jitter=True)
    ds_te  = ClipMelSet(test_df,  US8K_DIR, jitter=False)
    dl_tr = DataLoader(ds_tr, batch_size=BS, shuffle=True,
                               num_workers=WORKERS, pin_memory=True)
    dl_te  = DataLoader(ds_te,  batch_size=BS, shuffle=False,
                               num_workers=WORKERS, pin_memory=True)

    net = MelCNN().to(DEV)
    optim_ = torch.optim.Adam(net.parameters(), lr=LR0, weight_decay=WD)
    lr_sched = torch.optim.lr_scheduler.CosineAnnealingLR(optim_, T_max=N_EPOCHS)
    ce = nn.CrossEntropyLoss()

    first_ep = 1
    best_score = 0.0

    if os.path.exists(resume_file) or os.path.exists(resume_file + '.bak'):
        try:
            state = load_ckpt(resume_file, map_location=DEV)
            net.load_state_dict(state['model'])
            optim_.load_state_dict(state['optimizer'])
            lr_sched.load_state_dict(state['scheduler'])
            first_ep = state['epoch'] + 1
            best_score = state['best_acc']
            print(f'continuing at epoch {first_ep}, best_acc={best_score*100:.2f}%')
        except Exception as e:
            print(f'[WARN] resume state unreadable: {e}. restarting this split.')

    for ep in range(first_ep, N_EPOCHS + 1):
        loss, acc_tr = fit_one_epoch(net, dl_tr, optim_, ce, amp_scaler)
        lr_sched.step()

        if ep % 5 == 0 or ep == N_EPOCHS:
            save_ckpt(
                {'epoch': ep, 'model': net.state_dict(),
                 'optimizer': optim_.state_dict(), 'scheduler': lr_sched.state_dict(),
                 'best_acc': best_score},
                resume_file
            )
            ytrue, yhat = predict_all(net, dl_te)
            acc_va = (ytrue == yhat).mean()
            print(f'  E{ep:02d}/{N_EPOCHS}  loss={loss:.4f}  '
                  f'train={acc_tr*100:.1f}%  val={acc_va*100:.1f}%')
            if acc_va > best_score:
                best_score = acc_va
                save_ckpt(net.state_dict(), best_file)


    net.load_state_dict(load_ckpt(best_file, map_location=DEV))
    ytrue, yhat = predict_all(net, dl_te)
    score = float((ytrue == yhat).mean())

    fold_rows.append({'fold': int(k_fold), 'accuracy': score})
    done_folds.add(int(k_fold))
    state['completed_folds'] = list(done_folds)
    state['fold_results'] = fold_rows
    write_state(state)

    for suffix in ('', '.bak', '.tmp'):
        p = resume_file + suffix
        if os.path.exists(p): os.remove(p)
    torch.cuda.empty_cache()
    print(f'  Split {k_fold} finished — {score*100:.2f}%')

print('\n── All folds finished ──')
# %%
# step 11
SVM_JSON = os.path.join(OUT_DIR, 'svm_results.json')

from sklearn.metrics import classification_report, confusion_matrix
import matplotlib.pyplot as plt
import seaborn as sns


state = read_state()
cnn_scores = [r['accuracy'] for r in state['fold_results']]
print('CNN Scores:')
for r in sorted(state['fold_results'], key=lambda x: x['fold']):
    print(f'  Split {r["fold"]:2d}: {r["accuracy"]*100:.2f}%')
print(f'  Avg: {np.mean(cnn_scores)*100:.2f}% ± {np.std(cnn_scores)*100:.2f}%')


if os.path.exists(SVM_JSON):
    with open(SVM_JSON) as f: svm_pipe = json.load(f)
    svm_scores = [r['accuracy'] for r in svm_pipe['folds']]
    print(f"\nSVM reference: {np.mean(svm_scores)*100:.2f}% ± {np.std(svm_scores)*100:.2f}%")


cnn_res = {
    'model': 'UrbanCNN',
    'summary': {'mean_accuracy': float(np.mean(cnn_scores)), 'std_accuracy': float(np.std(cnn_scores))},
    'folds': state['fold_results']
}
with open(os.path.join(OUT_DIR, 'cnn_results.json'), 'w') as f:
    json.dump(cnn_res, f, indent=2)
print('\nResults written to Drive.')
# %%
# step 12


md = read_meta(US8K_DIR)
every_true, every_pred = [], []

for k_fold, train_df, test_df in iter_folds(md):
    blob = os.path.join(CKPT_DIR, f'fold{k_fold}_best.pt')
    if not os.path.exists(blob):
        print(f'No checkpoint for split {k_fold}')
        continue

    ds_te = ClipMelSet(test_df, US8K_DIR, jitter=False)
    dl_te = DataLoader(ds_te, batch_size=64, shuffle=False,
                              num_workers=2, pin_memory=True)

    net = MelCNN().to(DEV)
    net.load_state_dict(load_ckpt(blob, map_location=DEV))

    ytrue, yhat = predict_all(net, dl_te)
    every_true.extend(ytrue.tolist())
    every_pred.extend(yhat.tolist())
    torch.cuda.empty_cache()

print(f'Total acc.: {accuracy_score(every_true, every_pred)*100:.2f}%')


conf_mat = confusion_matrix(every_true, every_pred)
fig, ax = plt.subplots(figsize=(12, 10))
sns.heatmap(conf_mat, annot=True, fmt='d', cmap='Blues',
            xticklabels=LABEL_NAMES, yticklabels=LABEL_NAMES, ax=ax)
ax.set_xlabel('Predicted'); ax.set_ylabel('True')
ax.set_title('Confusion table — UrbanCNN (every split)')
plt.xticks(rotation=45, ha='right')
plt.tight_layout()
plt.savefig(os.path.join(OUT_DIR, 'confusion_matrix.png'), dpi=150)
plt.show()
print('Written to Drive.')
# %%
# step 13



import matplotlib.pyplot as plt
import seaborn as sns
from sklearn.svm import SVC
from sklearn.preprocessing import StandardScaler
from sklearn.pipeline import Pipeline

SNR_STEPS   = [20, 10, 5, 0, -5]
NOISE_JSON = os.path.join(OUT_DIR, 'noise_results.json')

def mix_white_noise(wave, snr):
    """Mix white Gaussian noise into a waveform at a given SNR in dB.











    """
    p_sig = np.mean(wave ** 2)
    if p_sig == 0:
        return wave
    p_noise = p_sig / (10 ** (snr / 10.0))
    wn = np.random.normal(0, np.sqrt(p_noise), wave.shape).astype(np.float32)
    return wave + wn

print('Noise helpers ready.')
print(f'Evaluating SNR steps: {SNR_STEPS} dB  +  no-noise reference')
# %%
# step 14



if os.path.exists(NOISE_JSON):
    print('Noise scores are present. Reading from Drive...')
    with open(NOISE_JSON) as f:
        noise_res = json.load(f)
    agg = noise_res['results']
    snr_all = noise_res['snr_levels']
    print('Earlier scores found; go straight to the plots.')
else:
    md = read_meta(US8K_DIR)


    mfcc_npz = os.path.join(FEAT_DIR, 'mfcc.npz')
    if os.path.exists(mfcc_npz):
        cache = np.load(mfcc_npz)
        mfcc_clean, ys, fold_ids = cache['X'], cache['y'], cache['folds']
        print('Read MFCC cache.')
    else:

        print('no cache — computing MFCCs (slow)...')
        mfcc_clean, ys, fold_ids = [], [], []
        for i, row in md.iterrows():
            path = clip_path(US8K_DIR, row['fold'], row['slice_file_name'])
            wave = read_clip(path)
            mfcc_clean.append(mfcc_stats(wave))
            ys.append(row['classID'])
            fold_ids.append(row['fold'])
            if (i+1) % 1000 == 0: print(f'  {i+1}/{len(md)}')
        mfcc_clean = np.array(mfcc_clean, dtype=np.float32)
        ys        = np.array(ys,         dtype=np.int64)
        fold_ids    = np.array(fold_ids)
        np.savez(mfcc_npz, X=mfcc_clean, y=ys, folds=fold_ids)

    snr_all = ['clean'] + SNR_STEPS

    per_snr = {str(snr): {'cnn': [], 'svm': []} for snr in snr_all}

    for k_fold in range(1, 11):
        print(f'\n── Split {k_fold} ──')
        is_te  = (fold_ids == k_fold)
        is_tr = ~is_te
        rows_te  = md[md['fold'] == k_fold].reset_index(drop=True)
        y_te     = ys[is_te]


        ckpt_file = os.path.join(CKPT_DIR, f'fold{k_fold}_best.pt')
        net = MelCNN().to(DEV)
        blob  = load_ckpt(ckpt_file, map_location=DEV)

        if isinstance(blob, dict) and 'model' in blob:
            net.load_state_dict(blob['model'])
        else:
            net.load_state_dict(blob)
        net.eval()


        svm_pipe = Pipeline([
            ('scaler', StandardScaler()),
            ('svm',    SVC(kernel='rbf', C=10, gamma='scale', decision_function_shape='ovr'))
        ])
        svm_pipe.fit(mfcc_clean[is_tr], ys[is_tr])
        print(f'  SVM fit on {is_tr.sum()} clips')


        for snr in snr_all:
            mels, mfccs = [], []

            for _, row in rows_te.iterrows():
                path  = clip_path(US8K_DIR, row['fold'], row['slice_file_name'])
                wave = read_clip(path)


                wave_noisy = mix_white_noise(wave, snr) if snr != 'clean' else wave

                mels.append(logmel_image(wave_noisy))
                mfccs.append(mfcc_stats(wave_noisy))


            mel_gpu = torch.tensor(np.array(mels)).unsqueeze(1).to(DEV)
            with torch.no_grad():
                cnn_yhat = net(mel_gpu).argmax(dim=1).cpu().numpy()
            cnn_score = float(accuracy_score(y_te, cnn_yhat))


            svm_yhat = svm_pipe.predict(np.array(mfccs, dtype=np.float32))
            svm_score   = float(accuracy_score(y_te, svm_yhat))

            per_snr[str(snr)]['cnn'].append(cnn_score)
            per_snr[str(snr)]['svm'].append(svm_score)

            lbl = f'{snr:>4} dB' if snr != 'clean' else '  clean'
            print(f'  {lbl} | CNN={cnn_score*100:.1f}%  SVM={svm_score*100:.1f}%')

        torch.cuda.empty_cache()


    agg = {}
    for snr in snr_all:
        cnn_scores = per_snr[str(snr)]['cnn']
        svm_scores = per_snr[str(snr)]['svm']
        agg[str(snr)] = {
            'cnn_mean':  float(np.mean(cnn_scores)),
            'cnn_std':   float(np.std(cnn_scores)),
            'svm_mean':  float(np.mean(svm_scores)),
            'svm_std':   float(np.std(svm_scores)),
            'cnn_folds': cnn_scores,
            'svm_folds': svm_scores,
        }


    print('\n── Robustness to noise overview ──')
    print(f'{"SNR":>8}  {"CNN (%)":>10}  {"SVM (%)":>10}  {"Gap (pp)":>10}')
    print('─' * 46)
    for snr in snr_all:
        s = agg[str(snr)]
        g_val   = (s['cnn_mean'] - s['svm_mean']) * 100
        label = f'{snr} dB' if snr != 'clean' else 'clean'
        print(f'{label:>8}  {s["cnn_mean"]*100:>8.2f}%  {s["svm_mean"]*100:>8.2f}%  {g_val:>+9.2f}')


    with open(NOISE_JSON, 'w') as f:
        json.dump({'snr_levels': snr_all, 'results': agg}, f, indent=2)
    print(f'\nSaved to {NOISE_JSON}')
# %%
# step 15


if 'summary' not in dir() or 'snr_list' not in dir():
    with open(NOISE_JSON) as f:
        noise_res = json.load(f)
    agg = noise_res['results']
    snr_all = noise_res['snr_levels']


snr_ticks = ['Clean' if s == 'clean' else f'{s} dB' for s in snr_all]
cnn_mu  = [agg[str(s)]['cnn_mean'] * 100 for s in snr_all]
svm_mu  = [agg[str(s)]['svm_mean'] * 100 for s in snr_all]
cnn_sd   = [agg[str(s)]['cnn_std']  * 100 for s in snr_all]
svm_sd   = [agg[str(s)]['svm_std']  * 100 for s in snr_all]
gap_all       = [c - s for c, s in zip(cnn_mu, svm_mu)]
x          = range(len(snr_ticks))

fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(16, 6))
fig.suptitle('CNN vs. SVM — Robustness to noise on UrbanSound8K', fontsize=14, fontweight='bold')


ax1.plot(x, cnn_mu, 'o-', color='#2E75B6', linewidth=2.5, markersize=8,
         label=f'UrbanCNN (clean: {cnn_mu[0]:.1f}%)')
ax1.fill_between(x,
    [m - s for m, s in zip(cnn_mu, cnn_sd)],
    [m + s for m, s in zip(cnn_mu, cnn_sd)],
    alpha=0.15, color='#2E75B6')

ax1.plot(x, svm_mu, 's--', color='#C55A11', linewidth=2.5, markersize=8,
         label=f'SVM+MFCC (clean: {svm_mu[0]:.1f}%)')
ax1.fill_between(x,
    [m - s for m, s in zip(svm_mu, svm_sd)],
    [m + s for m, s in zip(svm_mu, svm_sd)],
    alpha=0.15, color='#C55A11')

ax1.axhline(y=10, color='gray', linestyle=':', alpha=0.5, label='Random guess (10%)')
ax1.set_xticks(x); ax1.set_xticklabels(snr_ticks)
ax1.set_xlabel('SNR level (SNR)', fontsize=11)
ax1.set_ylabel('Avg Acc. (%)', fontsize=11)
ax1.set_title('Acc. drop with white noise', fontsize=12)
ax1.legend(fontsize=10); ax1.grid(True, alpha=0.3)
ax1.set_ylim(0, 100)


for i, (c, s) in enumerate(zip(cnn_mu, svm_mu)):
    ax1.annotate(f'{c:.1f}%', (i, c), textcoords='offset points',
                 xytext=(0, 8), ha='center', fontsize=8, color='#2E75B6')
    ax1.annotate(f'{s:.1f}%', (i, s), textcoords='offset points',
                 xytext=(0, -14), ha='center', fontsize=8, color='#C55A11')


bar_colors = ['#276227' if g >= 0 else '#C00000' for g in gap_all]
bar_set = ax2.bar(x, gap_all, color=bar_colors, alpha=0.8, edgecolor='white', linewidth=0.5)
ax2.axhline(y=0, color='black', linewidth=1)
ax2.set_xticks(x); ax2.set_xticklabels(snr_ticks)
ax2.set_xlabel('SNR level (SNR)', fontsize=11)
ax2.set_ylabel('CNN − SVM Acc. Diff (pp)', fontsize=11)
ax2.set_title('CNN margin over SVM at Each SNR level', fontsize=12)
ax2.grid(True, alpha=0.3, axis='y')

for bar, g_val in zip(bar_set, gap_all):
    ax2.text(bar.get_x() + bar.get_width()/2., bar.get_height() + 0.3,
             f'{g_val:+.1f}pp', ha='center', va='bottom', fontsize=9, fontweight='bold')

plt.tight_layout()
plt.savefig(os.path.join(OUT_DIR, 'noise_robustness.png'), dpi=150, bbox_inches='tight')
plt.show()
print('Written to Drive.')
# %%
# step 16


if 'summary' not in dir():
    with open(NOISE_JSON) as f:
        noise_res = json.load(f)
    agg = noise_res['results']
    snr_all = noise_res['snr_levels']



md = read_meta(US8K_DIR)
mfcc_npz = os.path.join(FEAT_DIR, 'mfcc.npz')
cache = np.load(mfcc_npz)
mfcc_clean, ys, fold_ids = cache['X'], cache['y'], cache['folds']

LOW_SNR = -5
cnn_true, cnn_pred = [], []
svm_true, svm_pred = [], []

for k_fold in range(1, 11):
    is_te  = (fold_ids == k_fold)
    is_tr = ~is_te
    rows_te  = md[md['fold'] == k_fold].reset_index(drop=True)
    y_te     = ys[is_te]


    ckpt_file = os.path.join(CKPT_DIR, f'fold{k_fold}_best.pt')
    net = MelCNN().to(DEV)
    blob  = load_ckpt(ckpt_file, map_location=DEV)
    if isinstance(blob, dict) and 'model' in blob:
        net.load_state_dict(blob['model'])
    else:
        net.load_state_dict(blob)
    net.eval()


    svm_pipe = Pipeline([('scaler', StandardScaler()),
                    ('svm', SVC(kernel='rbf', C=10, gamma='scale', decision_function_shape='ovr'))])
    svm_pipe.fit(mfcc_clean[is_tr], ys[is_tr])

    mels, mfccs = [], []
    for _, row in rows_te.iterrows():
        wave = read_clip(clip_path(US8K_DIR, row['fold'], row['slice_file_name']))
        wave_noisy = mix_white_noise(wave, LOW_SNR)
        mels.append(logmel_image(wave_noisy))
        mfccs.append(mfcc_stats(wave_noisy))

    mel_gpu = torch.tensor(np.array(mels)).unsqueeze(1).to(DEV)
    with torch.no_grad():
        cnn_yhat = net(mel_gpu).argmax(1).cpu().numpy()

    svm_yhat = svm_pipe.predict(np.array(mfccs, dtype=np.float32))

    cnn_true.extend(y_te.tolist())
    cnn_pred.extend(cnn_yhat.tolist())
    svm_true.extend(y_te.tolist())
    svm_pred.extend(svm_yhat.tolist())

    torch.cuda.empty_cache()
    print(f'Split {k_fold} finished')


from sklearn.metrics import classification_report
import pandas as pd

cnn_rep = classification_report(cnn_true, cnn_pred,
                                    target_names=LABEL_NAMES, output_dict=True)
svm_rep = classification_report(svm_true, svm_pred,
                                    target_names=LABEL_NAMES, output_dict=True)

names = LABEL_NAMES
cnn_cls = [cnn_rep[c]['precision'] * 100 for c in names]
cnn_cls = [cnn_rep[c]['recall']    * 100 for c in names]
svm_cls = [svm_rep[c]['recall']    * 100 for c in names]
gap_cls= [c - s for c, s in zip(cnn_cls, svm_cls)]


fig, ax = plt.subplots(figsize=(14, 6))
xs = np.arange(len(names))
bw = 0.35

b1 = ax.bar(xs - bw/2, cnn_cls, bw, label='CNN', color='#2E75B6', alpha=0.85)
b2 = ax.bar(xs + bw/2, svm_cls, bw, label='SVM', color='#C55A11', alpha=0.85)

ax.set_xlabel('Class', fontsize=11)
ax.set_ylabel('Recall / Class-wise Acc. (%)', fontsize=11)
ax.set_title(f'Class-wise Acc. at {LOW_SNR} dB SNR — CNN vs. SVM', fontsize=12)
ax.set_xticks(xs)
ax.set_xticklabels([c.replace('_', '\n') for c in names], fontsize=9)
ax.legend(fontsize=11)
ax.grid(True, alpha=0.3, axis='y')
ax.set_ylim(0, 110)

plt.tight_layout()
plt.savefig(os.path.join(OUT_DIR, f'per_class_noise_{abs(LOW_SNR)}db.png'), dpi=150, bbox_inches='tight')
plt.show()

print(f'\nPer-class acc. at {LOW_SNR} dB SNR:')
tbl = pd.DataFrame({'Class': names, 'CNN (%)': [f"{v:.1f}" for v in cnn_cls],
                   'SVM (%)': [f"{v:.1f}" for v in svm_cls],
                   'Diff (pp)': [f"{v:+.1f}" for v in gap_cls]})
print(tbl.to_string(index=False))
