import torch
from model.model import build_detector
from torch_snippets import *
from data_processing.data_loader import make_loaders
from training.train_func import fit_step
from training.val_func import check_step
from utils.label_to_indices import label_index_map
from tqdm import tqdm
from saving_loading_model.saving import store_ckpt
# from saving_loading_model.loading import store_ckpt

def run_fit(num_epochs,img_root,ann_csv, ckpt_file, best_file):

    dev = 'cuda' if torch.cuda.is_available() else 'cpu'
    ann = pd.read_csv(ann_csv)
    det = build_detector(len(label_index_map(ann['class'].tolist(),0))).to(dev)
    opt = torch.optim.SGD(det.parameters(), lr=0.005, momentum=0.9, weight_decay=0.0005)
    fit_dl,hold_dl = make_loaders(img_root,ann,4)
    for ep in tqdm(range(num_epochs)):
        fit_sum = 0
        hold_sum = 0
        lowest_hold = 9999999
        improved = False
        _nf = len(fit_dl)
        for i, batch in enumerate(tqdm(fit_dl)):
            total, parts = fit_step(batch,det, opt,dev)
            cls_l, box_l, obj_l, rpn_box_l = \
                [parts[k] for k in ['loss_classifier', 'loss_box_reg', 'loss_objectness','loss_rpn_box_reg']]
            fit_sum += total
        mean_fit = fit_sum/_nf
        print("~~~~~~~~~~~~~~~ holdout pass ~~~~~~~~~~~~~~~")
        _nh = len(hold_dl)
        for i,batch in enumerate(tqdm(hold_dl)):
            h_total, h_parts = check_step(batch, det, opt,dev)
            h_cls_l, h_box_l, h_obj_l, h_rpn_box_l = \
                [h_parts[k] for k in ['loss_classifier', 'loss_box_reg', 'loss_objectness','loss_rpn_box_reg']]
            hold_sum += h_total
        mean_hold = hold_sum / _nh

        if (ep + 1) % 2 == 0:
            print("fit loss {}, holdout loss{}".format(mean_fit,mean_hold))

        if mean_hold < lowest_hold:
            lowest_hold = mean_hold
            improved = True
        print(lowest_hold)
        snap = {
            'epoch': ep + 1,
            'valid_loss_min': mean_hold,
            'state_dict': det.state_dict(),
            'optimizer': opt.state_dict(),
        }
        store_ckpt(snap, improved, ckpt_file, best_file)


if __name__=="__main__":
    root = r'D:\data\AerialMaritime\train'
    ann_csv = r'D:\data\AerialMaritime\train\_annotations.csv'
    ckpt_file = r'D:\work\frcnn\ckpt\latest.pt'
    best_file = r'D:\work\frcnn\ckpt\best.pt'
    run_fit(10,root,ann_csv,ckpt_file,best_file)
