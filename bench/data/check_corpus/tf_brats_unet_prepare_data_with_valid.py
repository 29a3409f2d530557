# source: https://github.com/zsdonghao/u-net-brain-tumor/blob/76cd885e5061961baa4a4e7483f0c8d0f9873291/prepare_data_with_valid.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
# (data module imported by the training script; two LGG loops that repeat the HGG ones are left out, as in the corpus copy)
import tensorlayer as tl
import numpy as np
import os, csv, random, gc, pickle
import nibabel as nib


"""
Segmentation classes: 0 background, 1 necrosis / non-enhancing core, 2 oedema, 4 enhancing core.
Regions: whole tumour = {1, 2, 4}, tumour core = {1, 4}, enhancing = {4}.
"""
SUBSET = 'half'  # 'small', 'half' or 'all'

out_dir = "prepared/brats_slices/"
if not os.path.exists(out_dir):
    os.makedirs(out_dir)

high_grade_dir = "brats17/train/HGG"
low_grade_dir = "brats17/train/LGG"
survival_csv = "brats17/train/survival.csv"

surv_ids = []
surv_ages = []
surv_days = []

with open(survival_csv, 'r') as fh:
    rows = csv.reader(fh)
    next(rows)
    for _, row in enumerate(rows):
        surv_ids.append(row[0])
        surv_ages.append(float(row[1]))
        surv_days.append(float(row[2]))

print('patients with survival data:', len(surv_ids))

if SUBSET == 'all':
    hgg_dirs = tl.files.load_folder_list(path=high_grade_dir)
    lgg_dirs = tl.files.load_folder_list(path=low_grade_dir)
elif SUBSET == 'half':
    hgg_dirs = tl.files.load_folder_list(path=high_grade_dir)[0:100]
    lgg_dirs = tl.files.load_folder_list(path=low_grade_dir)[0:30]
elif SUBSET == 'small':
    hgg_dirs = tl.files.load_folder_list(path=high_grade_dir)[0:50]
    lgg_dirs = tl.files.load_folder_list(path=low_grade_dir)[0:20]
else:
    exit("SUBSET must be small, half or all")
print('HGG / LGG cases:', len(hgg_dirs), len(lgg_dirs))

hgg_names = [os.path.basename(d) for d in hgg_dirs]
lgg_names = [os.path.basename(d) for d in lgg_dirs]

surv_hgg = []
surv_lgg = []
for pid in surv_ids:
    if pid in hgg_names:
        surv_hgg.append(pid)
    elif pid in lgg_names:
        surv_lgg.append(pid)
    else:
        print(pid)

print(len(surv_hgg), len(surv_lgg))

# train / dev / test split by position (no shuffling)
hgg_order = list(range(0, len(surv_hgg)))
lgg_order = list(range(0, len(lgg_names)))

if SUBSET == 'all':
    hgg_dev = hgg_order[-84:-42]
    hgg_test = hgg_order[-42:]
    hgg_tr = hgg_order[:-84]
    lgg_dev = lgg_order[-30:-15]
    lgg_test = lgg_order[-15:]
    lgg_tr = lgg_order[:-30]
elif SUBSET == 'half':
    hgg_dev = hgg_order[-20:-5]
    hgg_test = hgg_order[-5:]
    hgg_tr = hgg_order[:-20]
    lgg_dev = lgg_order[-10:-5]
    lgg_test = lgg_order[-5:]
    lgg_tr = lgg_order[:-10]
elif SUBSET == 'small':
    hgg_dev = hgg_order[35:42]
    hgg_test = hgg_order[41:42]
    hgg_tr = hgg_order[0:35]
    lgg_dev = lgg_order[7:10]
    lgg_test = lgg_order[9:10]
    lgg_tr = lgg_order[0:7]

dev_hgg_ids = [surv_hgg[k] for k in hgg_dev]
test_hgg_ids = [surv_hgg[k] for k in hgg_test]
tr_hgg_ids = [surv_hgg[k] for k in hgg_tr]

dev_lgg_ids = [lgg_names[k] for k in lgg_dev]
test_lgg_ids = [lgg_names[k] for k in lgg_test]
tr_lgg_ids = [lgg_names[k] for k in lgg_tr]

dev_ages = [surv_ages[surv_ids.index(pid)] for pid in dev_hgg_ids]
test_ages = [surv_ages[surv_ids.index(pid)] for pid in test_hgg_ids]
tr_ages = [surv_ages[surv_ids.index(pid)] for pid in tr_hgg_ids]

dev_days = [surv_days[surv_ids.index(pid)] for pid in dev_hgg_ids]
test_days = [surv_days[surv_ids.index(pid)] for pid in test_hgg_ids]
tr_days = [surv_days[surv_ids.index(pid)] for pid in tr_hgg_ids]

modalities = ['flair', 't1', 't1ce', 't2']
modality_stats = {mod: {'mean': 0.0, 'std': 1.0} for mod in modalities}

# per-modality mean and standard deviation over every HGG and LGG volume
for mod in modalities:
    volume_data_list = []
    for case in hgg_names:
        nii_file = os.path.join(high_grade_dir, case, case + '_' + mod + '.nii.gz')
        img_volume = nib.load(nii_file).get_data()
        volume_data_list.append(img_volume)

    for case in lgg_names:
        nii_file = os.path.join(low_grade_dir, case, case + '_' + mod + '.nii.gz')
        img_volume = nib.load(nii_file).get_data()
        volume_data_list.append(img_volume)

    volume_data_list = np.asarray(volume_data_list)
    mu = np.mean(volume_data_list)
    sigma = np.std(volume_data_list)
    modality_stats[mod]['mean'] = mu
    modality_stats[mod]['std'] = sigma
del volume_data_list
print(modality_stats)

with open(out_dir + 'modality_stats.pickle', 'wb') as fh:
    pickle.dump(modality_stats, fh, protocol=4)


# normalised 2-D slices with four channels, and their segmentation maps
train_input_slices = []
train_target_slices = []

dev_input_slices = []
dev_target_slices = []

print("dev cases (HGG)")
for case in dev_hgg_ids:
    volume_data = []
    for mod in modalities:
        nii_file = os.path.join(high_grade_dir, case, case + '_' + mod + '.nii.gz')
        img_volume = nib.load(nii_file).get_data()
        img_volume = (img_volume - modality_stats[mod]['mean']) / modality_stats[mod]['std']
        img_volume = img_volume.astype(np.float32)
        volume_data.append(img_volume)

    seg_file = os.path.join(high_grade_dir, case, case + '_seg.nii.gz')
    seg_volume = nib.load(seg_file).get_data()
    seg_volume = np.transpose(seg_volume, (1, 0, 2))
    for z in range(volume_data[0].shape[2]):
        slice_4ch = np.stack((volume_data[0][:, :, z], volume_data[1][:, :, z], volume_data[2][:, :, z], volume_data[3][:, :, z]), axis=2)
        slice_4ch = np.transpose(slice_4ch, (1, 0, 2))
        slice_4ch.astype(np.float32)
        dev_input_slices.append(slice_4ch)

        seg_slice = seg_volume[:, :, z]
        seg_slice.astype(int)
        dev_target_slices.append(seg_slice)
    del volume_data
    gc.collect()
    print("done:", case)

print("dev cases (LGG)")
# (omitted: the identical per-slice loop over dev_lgg_ids, appending to the same two lists)

dev_input_slices = np.asarray(dev_input_slices, dtype=np.float32)
dev_target_slices = np.asarray(dev_target_slices)

print("training cases (HGG)")
for case in tr_hgg_ids:
    volume_data = []
    for mod in modalities:
        nii_file = os.path.join(high_grade_dir, case, case + '_' + mod + '.nii.gz')
        img_volume = nib.load(nii_file).get_data()
        img_volume = (img_volume - modality_stats[mod]['mean']) / modality_stats[mod]['std']
        img_volume = img_volume.astype(np.float32)
        volume_data.append(img_volume)

    seg_file = os.path.join(high_grade_dir, case, case + '_seg.nii.gz')
    seg_volume = nib.load(seg_file).get_data()
    seg_volume = np.transpose(seg_volume, (1, 0, 2))
    for z in range(volume_data[0].shape[2]):
        slice_4ch = np.stack((volume_data[0][:, :, z], volume_data[1][:, :, z], volume_data[2][:, :, z], volume_data[3][:, :, z]), axis=2)
        slice_4ch = np.transpose(slice_4ch, (1, 0, 2))
        slice_4ch.astype(np.float32)
        train_input_slices.append(slice_4ch)

        seg_slice = seg_volume[:, :, z]
        seg_slice.astype(int)
        train_target_slices.append(seg_slice)
    del volume_data
    print("done:", case)


print("training cases (LGG)")
# (omitted: the identical per-slice loop over tr_lgg_ids, appending to the same two lists)

train_input_slices = np.asarray(train_input_slices, dtype=np.float32)
train_target_slices = np.asarray(train_target_slices)
