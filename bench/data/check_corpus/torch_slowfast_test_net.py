# source: https://github.com/facebookresearch/SlowFast/blob/0c3df9dc3884ade5a9a2ee14fd3cd5eab3883a7a/tools/test_net.py
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
"""Evaluate a video classifier (or an AVA detector) by averaging several temporal clips and spatial crops."""

import numpy as np
import torch

import slowfast.utils.checkpoint as cu
import slowfast.utils.distributed as du
import slowfast.utils.logging as logging
import slowfast.utils.misc as misc
import slowfast.visualization.tensorboard_vis as tb
from slowfast.datasets import loader
from slowfast.models import build_model
from slowfast.utils.meters import AVAMeter, TestMeter

log = logging.get_logger(__name__)


@torch.no_grad()
def run_test_pass(eval_loader, video_model, meter, cfg, tb_writer=None):
    """One pass over the evaluation clips.

    Classification: every video is seen as several clips x 3 crops whose softmax scores the meter averages.
    Detection: whole frames, no crops. Results go to the meter and, optionally, to TensorBoard.
    """
    video_model.eval()
    meter.iter_tic()

    for step, (clip_inputs, clip_labels, vid_idx, extras) in enumerate(eval_loader):
        # move the batch onto this process's GPU
        if isinstance(clip_inputs, (list,)):
            for k in range(len(clip_inputs)):
                clip_inputs[k] = clip_inputs[k].cuda(non_blocking=True)
        else:
            clip_inputs = clip_inputs.cuda(non_blocking=True)

        clip_labels = clip_labels.cuda()
        vid_idx = vid_idx.cuda()
        for name, item in extras.items():
            if isinstance(item, (list,)):
                for k in range(len(item)):
                    item[k] = item[k].cuda(non_blocking=True)
            else:
                extras[name] = item.cuda(non_blocking=True)

        if cfg.DETECTION.ENABLE:
            scores = video_model(clip_inputs, extras["boxes"])
            scores = scores.cpu()
            boxes = extras["ori_boxes"].cpu()
            info = extras["metadata"].cpu()

            if cfg.NUM_GPUS > 1:
                scores = torch.cat(du.all_gather_unaligned(scores), dim=0)
                boxes = torch.cat(du.all_gather_unaligned(boxes), dim=0)
                info = torch.cat(du.all_gather_unaligned(info), dim=0)

            meter.iter_toc()
            meter.update_stats(scores.detach().cpu(), boxes.detach().cpu(), info.detach().cpu())
            meter.log_iter_stats(None, step)
        else:
            scores = video_model(clip_inputs)

            # collect every process's scores so the meter can ensemble whole videos
            if cfg.NUM_GPUS > 1:
                scores, clip_labels, vid_idx = du.all_gather([scores, clip_labels, vid_idx])

            meter.iter_toc()
            meter.update_stats(scores.detach().cpu(), clip_labels.detach().cpu(), vid_idx.detach().cpu())
            meter.log_iter_stats(step)

        meter.iter_tic()

    if tb_writer is not None and not cfg.DETECTION.ENABLE:
        video_scores = [s.clone().detach().cpu() for s in meter.video_preds]
        video_labels = [t.clone().detach().cpu() for t in meter.video_labels]
        tb_writer.plot_eval(preds=video_scores, labels=video_labels)

    meter.finalize_metrics()
    meter.reset()


def test_main(cfg):
    """Build the network, load its trained weights and run the multi-view evaluation."""
    du.init_distributed_training(cfg)
    torch.manual_seed(cfg.RNG_SEED)
    np.random.seed(cfg.RNG_SEED)

    logging.setup_logging(cfg.OUTPUT_DIR)
    log.info("evaluation config:")
    log.info(cfg)

    video_model = build_model(cfg)
    if cfg.LOG_MODEL_INFO and du.is_master_proc():
        misc.log_model_info(video_model, cfg, use_train_input=False)

    cu.load_test_checkpoint(cfg, video_model)

    eval_loader = loader.construct_loader(cfg, "test")
    log.info(f"{len(eval_loader)} evaluation iterations")

    views = cfg.TEST.NUM_ENSEMBLE_VIEWS * cfg.TEST.NUM_SPATIAL_CROPS
    if cfg.DETECTION.ENABLE:
        assert cfg.TEST.BATCH_SIZE == cfg.NUM_GPUS
        meter = AVAMeter(len(eval_loader), cfg, mode="test")
    else:
        assert len(eval_loader.dataset) % views == 0
        meter = TestMeter(
            len(eval_loader.dataset) // views,
            views,
            cfg.MODEL.NUM_CLASSES,
            len(eval_loader),
            cfg.DATA.MULTI_LABEL,
            cfg.DATA.ENSEMBLE_METHOD,
        )

    if cfg.TENSORBOARD.ENABLE and du.is_master_proc(cfg.NUM_GPUS * cfg.NUM_SHARDS):
        tb_writer = tb.TensorboardWriter(cfg)
    else:
        tb_writer = None

    run_test_pass(eval_loader, video_model, meter, cfg, tb_writer)
    if tb_writer is not None:
        tb_writer.close()
