import os
import gzip
import shutil
import torch
import nibabel as nib


raw_root = r'E:\mri\LPBA40\native_space'
patch_root = r'E:\mri\LPBA40\patches'
out_root = r'E:\mri\LPBA40\out'

def read_patch_pair(patch_root,i, mode):

    stem = str(i)

    if mode == 0:
        p_img = os.path.join(patch_root,stem+'_train_T1.nii.gz')
        p_lab = os.path.join(patch_root,stem+'_train_label.nii.gz')
        nii_img = nib.load(p_img)
        arr_img = nii_img.get_data()
        nii_lab = nib.load(p_lab)
        arr_lab = nii_lab.get_data()
    elif mode == 1:
        p_img = os.path.join(patch_root,stem+'_test_T1.nii.gz')
        p_lab = os.path.join(patch_root,stem+'_test_label.nii.gz')
        nii_img = nib.load(p_img)
        arr_img = nii_img.get_data()
        nii_lab = nib.load(p_lab)
        arr_lab = nii_lab.get_data()
    else:
        p_img = os.path.join(patch_root,stem+'_test_T1.nii.gz')
        nii_img = nib.load(p_img)
        arr_img = nii_img.get_data()
        arr_lab = None
    
    return [arr_img,arr_lab]
    
    
def cut_subject(raw_root, patch_root, sid, offset, mode, patch_size):
    
    subj_dir = 'S%d' % sid
    if sid<10:
        scan_stem = 'S0%d' % sid
    else:
        scan_stem = 'S%d' % sid

    if mode == 0:
        tag = 'train'
    elif mode == 1:
        tag = 'test'
    elif mode == 2:
        tag = 'predict'
    
    print('--------------------------------------------------')
    print('cutting ' + tag + ' subject ' + str(sid) +' into cubes...')
    
    if mode == 0 or mode == 1:
        #the T1 scan
        hdr = os.path.join(raw_root, subj_dir+'/'+scan_stem+'.native.mri.hdr')
        gz = os.path.join(raw_root, subj_dir+'/'+scan_stem+'.native.mri.img.gz')
        raw = os.path.join(raw_root, subj_dir+'/'+scan_stem+'.native.mri.img')

        nii_img = nib.load(hdr)
        aff = nii_img.affine
        with gzip.open(gz, 'rb') as src:
            with open(raw, 'wb') as dst:
                shutil.copyfileobj(src, dst)
        arr_img = nii_img.get_data()

        corners = grid_corners(arr_img, )

        #the tissue labels
        hdr_l = os.path.join(raw_root, subj_dir+'/tissue/'+scan_stem+'.native.tissue.hdr')
        gz_l = os.path.join(raw_root, subj_dir+'/tissue/'+scan_stem+'.native.tissue.img.gz')
        raw_l = os.path.join(raw_root, subj_dir+'/tissue/'+scan_stem+'.native.tissue.img')
        with gzip.open(gz_l, 'rb') as src:
            with open(raw_l, 'wb') as dst:
                shutil.copyfileobj(src, dst)
        nii_lab = nib.load(hdr_l)
        arr_lab = nii_lab.get_data()
    
        for k in range(len(corners)):

            (d, h, w) = corners[k]
            stem = str(offset+k+1)
            cut_img = arr_img[d:d+patch_size, h:h+patch_size, w:w+patch_size, :]
            cut_lab = arr_lab[d:d+patch_size, h:h+patch_size, w:w+patch_size, :]
            out_img = nib.Nifti1Image(cut_img, aff)
            out_lab = nib.Nifti1Image(cut_lab, aff)
            out_img.to_filename(os.path.join(patch_root,stem+'_'+tag+'_T1.nii.gz'))
            out_lab.to_filename(os.path.join(patch_root,stem+'_'+tag+'_label.nii.gz'))
        print('done: ' + str(k+1) + ' cubes from subject '+ str(sid) +'.')
        print('cubes so far: ' + stem)

    else:
        names = os.listdir(out_root)
        hdr = os.path.join(out_root,names[sid])

        nii_img = nib.load(hdr)
        aff = nii_img.affine
        arr_img = nii_img.get_data()

        corners = grid_corners_pred(arr_img, )

        for k in range(len(corners)):
            (d, h, w) = corners[k]
            stem = str(offset+k+1)
            cut_img = arr_img[d:d+patch_size, h:h+patch_size, w:w+patch_size]
            out_img = nib.Nifti1Image(cut_img, aff)
            out_img.to_filename(os.path.join(out_root,stem+'_predict.nii.gz'))

        #****************** prediction branch not done ***************#
        
    return len(corners)

def labels_to_onehot(lab):
    A,C,D,E = lab.shape
    oh = torch.zeros([A,4,C,D,E])

    for a in range(A):
        for c in range(C):
            for d in range(D):
                for e in range(E):
                    if lab[a,c,d,e] == 0:
                        oh[a,0,c,d,e] = 1
                    elif lab[a,c,d,e] == 1:
                        oh[a,1,c,d,e] = 1
                    elif lab[a,c,d,e] == 2:
                        oh[a,2,c,d,e] = 1
                    elif lab[a,c,d,e] == 3:
                        oh[a,3,c,d,e] = 1
    return oh


def grid_corners(vol, patch_size = 32, overlap = 4):
    # analyze (.hdr) volumes have 4 axes
    corners = []

    D, H, W, _ = vol.shape
    
    ds = list(range(0, D, (patch_size-overlap)))
    hs = list(range(0, H, (patch_size-overlap)))
    ws = list(range(0, W, (patch_size-overlap)))

    if (D-ds[len(ds)-1]) < patch_size-1:
        ds[len(ds)-1] = D-patch_size
    if (H-hs[len(hs)-1]) < patch_size-1:
        hs[len(hs)-1] = H-patch_size
    if (W-ws[len(ws)-1]) < patch_size-1:
        ws[len(ws)-1] = W-patch_size
    '''
    d = i // (len(hs) * len(ws))
    h = (i % (len(hs) * len(ws))) // len(ws)
    w = (i % (len(hs) * len(ws))) % len(ws)
    '''
    for d in ds:
        for h in hs:
            for w in ws:
                corners.append((d, h, w))

    return corners

def grid_corners_pred(vol, patch_size = 32, overlap = 4):
    # nifti volumes have 3 axes
    corners = []
    shp = vol.shape
    D = shp[0]
    H = shp[1]
    W = shp[2]
    
    ds = list(range(0, D, (patch_size-overlap)))
    hs = list(range(0, H, (patch_size-overlap)))
    ws = list(range(0, W, (patch_size-overlap)))

    if (D-ds[len(ds)-1]) < patch_size-1:
        ds[len(ds)-1] = D-patch_size
    if (H-hs[len(hs)-1]) < patch_size-1:
        hs[len(hs)-1] = H-patch_size
    if (W-ws[len(ws)-1]) < patch_size-1:
        ws[len(ws)-1] = W-patch_size
    '''
    d = i // (len(hs) * len(ws))
    h = (i % (len(hs) * len(ws))) // len(ws)
    w = (i % (len(hs) * len(ws))) % len(ws)
    '''
    for d in ds:
        for h in hs:
            for w in ws:
                corners.append((d, h, w))

    return corners

