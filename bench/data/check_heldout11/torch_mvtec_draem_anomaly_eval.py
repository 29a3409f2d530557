import torch
import torch.nn.functional as F
from data_loader import MVTecDRAEMTestDataset
from torch.utils.data import DataLoader
import numpy as np
from sklearn.metrics import roc_auc_score, average_precision_score
from model_unet import ReconstructiveSubNetwork, DiscriminativeSubNetwork
import os

def append_scores_csv(run_tag, img_aucs, px_aucs, img_aps, px_aps):
    if not os.path.exists('./outputs/'):
        os.makedirs('./outputs/')

    report = "img_auc,"+run_tag
    for v in img_aucs:
        report += "," + str(np.round(v, 3))
    report += ","+str(np.round(np.mean(img_aucs), 3))
    report += "\n"
    report += "pixel_auc,"+run_tag
    for v in px_aucs:
        report += "," + str(np.round(v, 3))
    report += ","+str(np.round(np.mean(px_aucs), 3))
    report += "\n"
    report += "img_ap,"+run_tag
    for v in img_aps:
        report += "," + str(np.round(v, 3))
    report += ","+str(np.round(np.mean(img_aps), 3))
    report += "\n"
    report += "pixel_ap,"+run_tag
    for v in px_aps:
        report += "," + str(np.round(v, 3))
    report += ","+str(np.round(np.mean(px_aps), 3))
    report += "\n"
    report += "--------------------------\n"

    with open("./outputs/results.txt",'a+') as out_fh:
        out_fh.write(report)


def test_objects(categories, mvtec_dir_path, ckpt_dir, model_prefix):
    px_ap_all = []
    px_auc_all = []
    img_ap_all = []
    img_auc_all = []
    for category in categories:
        side = 256
        run_tag = model_prefix+"_"+category+'_'

        recon_model = ReconstructiveSubNetwork(in_channels=3, out_channels=3)
        recon_model.load_state_dict(torch.load(os.path.join(ckpt_dir,run_tag+".pckl"), map_location='cuda:0'))
        recon_model.cuda()
        recon_model.eval()

        seg_model = DiscriminativeSubNetwork(in_channels=6, out_channels=2)
        seg_model.load_state_dict(torch.load(os.path.join(ckpt_dir, run_tag+"_seg.pckl"), map_location='cuda:0'))
        seg_model.cuda()
        seg_model.eval()

        test_dataset = MVTecDRAEMTestDataset(mvtec_dir_path + category + "/test/", resize_shape=[side, side])
        test_loader = DataLoader(test_dataset, batch_size=1,
                                shuffle=False, num_workers=0)

        px_scores = np.zeros((side * side * len(test_dataset)))
        px_truth = np.zeros((side * side * len(test_dataset)))
        n_done = 0

        img_truth = []
        img_scores = []

        vis_images = torch.zeros((16 ,3 ,256 ,256)).cuda()
        vis_gt_images = torch.zeros((16 ,3 ,256 ,256)).cuda()
        vis_pred_masks = torch.zeros((16 ,1 ,256 ,256)).cuda()
        vis_true_masks = torch.zeros((16 ,1 ,256 ,256)).cuda()
        n_vis = 0
        vis_picks = np.random.randint(len(test_loader), size=(16,))


        for b_idx, batch in enumerate(test_loader):

            image_batch = batch["image"].cuda()

            has_defect = batch["has_anomaly"].detach().numpy()[0 ,0]
            img_truth.append(has_defect)
            gt_mask = batch["mask"]
            gt_mask_np = gt_mask.detach().numpy()[0, :, :, :].transpose((1, 2, 0))

            recon = recon_model(image_batch)
            seg_input = torch.cat((recon.detach(), image_batch), dim=1)

            seg_logits = seg_model(seg_input)
            seg_prob = torch.softmax(seg_logits, dim=1)


            if b_idx in vis_picks:
                defect_mask = seg_prob[:, 1:, :, :]
                vis_images[n_vis] = recon[0]
                vis_gt_images[n_vis] = image_batch[0]
                vis_pred_masks[n_vis] = defect_mask[0]
                vis_true_masks[n_vis] = gt_mask[0]
                n_vis += 1


            prob_map = seg_prob[0 ,1 ,: ,:].detach().cpu().numpy()

            prob_smooth = torch.nn.functional.avg_pool2d(seg_prob[: ,1: ,: ,:], 21, stride=1,
                                                               padding=21 // 2).cpu().detach().numpy()
            img_score = np.max(prob_smooth)

            img_scores.append(img_score)

            gt_flat = gt_mask_np.flatten()
            prob_flat = prob_map.flatten()
            px_scores[n_done * side * side:(n_done + 1) * side * side] = prob_flat
            px_truth[n_done * side * side:(n_done + 1) * side * side] = gt_flat
            n_done += 1

        img_scores = np.array(img_scores)
        img_truth = np.array(img_truth)
        img_auc = roc_auc_score(img_truth, img_scores)
        img_ap = average_precision_score(img_truth, img_scores)

        px_truth = px_truth.astype(np.uint8)
        px_truth = px_truth[:side * side * n_done]
        px_scores = px_scores[:side * side * n_done]
        px_auc = roc_auc_score(px_truth, px_scores)
        px_ap = average_precision_score(px_truth, px_scores)
        px_ap_all.append(px_ap)
        px_auc_all.append(px_auc)
        img_auc_all.append(img_auc)
        img_ap_all.append(img_ap)
        print(category)
        print("image AUROC: " +str(img_auc))
        print("image AP: " +str(img_ap))
        print("pixel AUROC: " +str(px_auc))
        print("pixel AP: " +str(px_ap))
        print("------------------------------")

    print(run_tag)
    print("mean image AUROC: " + str(np.mean(img_auc_all)))
    print("mean image AP: " + str(np.mean(img_ap_all)))
    print("mean pixel AUROC: " + str(np.mean(px_auc_all)))
    print("mean pixel AP: " + str(np.mean(px_ap_all)))

    append_scores_csv(run_tag, img_auc_all, px_auc_all, img_ap_all, px_ap_all)

if __name__=="__main__":
    import argparse

    cli = argparse.ArgumentParser()
    cli.add_argument('--gpu_id', action='store', type=int, required=True)
    cli.add_argument('--base_model_name', action='store', type=str, required=True)
    cli.add_argument('--data_path', action='store', type=str, required=True)
    cli.add_argument('--checkpoint_path', action='store', type=str, required=True)

    opts = cli.parse_args()

    mvtec_classes = ['capsule',
                 'bottle',
                 'carpet',
                 'leather',
                 'pill',
                 'transistor',
                 'tile',
                 'cable',
                 'zipper',
                 'toothbrush',
                 'metal_nut',
                 'hazelnut',
                 'screw',
                 'grid',
                 'wood'
                 ]

    with torch.cuda.device(opts.gpu_id):
        test_objects(mvtec_classes,opts.data_path, opts.checkpoint_path, opts.base_model_name)
