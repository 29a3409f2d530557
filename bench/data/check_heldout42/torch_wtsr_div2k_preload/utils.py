import os
import torch
from pytorch_msssim import ssim
import torch
import random
import numpy as np
from concurrent.futures import ThreadPoolExecutor
import cv2

def psnr_of(hr_frames, preds, max_value=255.0):
    # takes YCrCb (3 channels) or luma-only (1 channel) batches
    # returns the mean psnr
    with torch.no_grad():
        # keep only luma
        if hr_frames.shape[1] == 3:
            hr_frames,preds=hr_frames[:,0:1,:,:],preds[:,0:1,:,:]
        err = torch.mean((hr_frames - preds) ** 2, dim=[1,2,3])  # per-sample mse
        db = 10 * torch.log10(max_value ** 2 / err)     # per-sample psnr
        avg_psnr = torch.mean(db)                          # batch mean
    return avg_psnr

def ssim_of(hr_frames, preds, max_value=255.0):
    # takes YCrCb (3 channels) or luma-only (1 channel) batches
    # returns ssim
    with torch.no_grad():
        # keep only luma
        if hr_frames.shape[1] == 3:
            hr_frames,preds=hr_frames[:,0:1,:,:],preds[:,0:1,:,:]
        ssim_v = ssim(hr_frames, preds, data_range=max_value, size_average=True)
    return ssim_v

def seed_all(seed=0):
    # python and numpy
    random.seed(seed)
    np.random.seed(seed)

    # torch
    torch.manual_seed(seed)
    torch.cuda.manual_seed(seed)
    torch.cuda.manual_seed_all(seed)  # every GPU

    # deterministic cuDNN
    torch.backends.cudnn.deterministic = True
    torch.backends.cudnn.benchmark = False

def restore_state(net, adam, lr_sched, grad_scaler, cfg, path='checkpoint.pt'):
    first_ep = 0
    top_psnr = 0.0
    history = None
    if os.path.isfile(path):
        print(f"reading checkpoint {path}")
        try:
            # where to map the tensors
            if torch.cuda.is_available():
                where = lambda storage, loc: storage.cuda()
            else:
                where = 'cpu'

            bundle = torch.load(path, where=where, weights_only=False) # full pickle: optimiser state too
            if 'epoch' in bundle and 'epochs' in bundle and bundle['epoch'] == bundle['epochs']:
                first_ep = 0  # finished run: start over
                epochs = cfg.epochs
                print(f"checkpoint run finished ({bundle['epoch']}/{bundle['epochs']}), training again from epoch 0")
            elif 'epoch' in bundle and 'epochs' in bundle and bundle['epoch'] != bundle['epochs']:
                first_ep = bundle['epoch']
                epochs = bundle['epochs']
                print(f"checkpoint run stopped at {bundle['epoch']}/{bundle['epochs']}, continuing it")
            else:
                first_ep = 0
                epochs = cfg.epochs
                print(f"starting at epoch {first_ep}")
            # cfg = bundle.get('opt', cfg) # would replace the current flags
            top_psnr = bundle.get('best_psnr', 0.0) # best score
            history = bundle.get('result', None) # history

            # weights
            try:
                net.load_state_dict(bundle['model_state_dict'])
            except RuntimeError as exc:
                 print(f"strict weight load failed ({exc}), retrying non-strict")
                 net.load_state_dict(bundle['model_state_dict'], strict=False)


            # optimiser
            if 'optimizer_state_dict' in bundle and adam is not None:
                try:
                    adam.load_state_dict(bundle['optimizer_state_dict'])
                except Exception as exc:
                    print(f"optimiser state not restored: {exc}")
            else:
                 print("no optimiser state to restore")


            # scheduler
            if 'scheduler_state_dict' in bundle and lr_sched is not None:
                try:
                    lr_sched.load_state_dict(bundle['scheduler_state_dict'])
                except Exception as exc:
                    print(f"scheduler state not restored: {exc}")
            else:
                 print("no scheduler state to restore")


            # grad scaler
            if 'scaler_state_dict' in bundle and grad_scaler is not None:
                try:
                    grad_scaler.load_state_dict(bundle['scaler_state_dict']) # grad scaler
                except Exception as exc:
                    print(f"grad scaler state not restored: {exc}")
            else:
                 print("no grad scaler state to restore")


            # random generator states
            if 'rng_state' in bundle:
                rng_snap = bundle['rng_state']
                try:
                    random.setstate(rng_snap['python_random'])
                    np.random.set_state(rng_snap['numpy_random'])
                    torch.set_rng_state(rng_snap['torch_cpu'])
                    if torch.cuda.is_available() and rng_snap.get('torch_cuda') is not None:
                        torch.cuda.set_rng_state(rng_snap['torch_cuda'])
                    print(f"random states restored (epoch {first_ep})")
                except Exception as exc:
                    print(f"random states not restored ({exc}), reseeding")
                    seed_all(cfg.seed) # otherwise reseed
            else:
                print("no random states saved, reseeding")
                seed_all(cfg.seed) # otherwise reseed

            print(f"checkpoint {path} restored at epoch {first_ep}")

        except Exception as exc:
            print(f"could not read {path}: {exc}")
            print("training from scratch")
            first_ep = 0 # start over on failure
            epochs=cfg.epochs
            top_psnr = 0.0
            history = None
            seed_all(cfg.seed) # reseed

    else:
        print(f"{path} not found, training from scratch")
        epochs=cfg.epochs
        seed_all(cfg.seed) # reseed

    return first_ep, epochs, cfg, top_psnr, history # what was restored

def lanczos_resize(tensor, scale_factor):
    b, c, h, w = tensor.shape
    th, tw = int(h * scale_factor), int(w * scale_factor)
    
    history = torch.zeros((b, c, th, tw), device=tensor.device)
    
    def resize_plane(job):
        i, j, frame, th, tw, device = job
        plane = frame.cpu().numpy()
        scaled = cv2.resize(plane, (tw, th), interpolation=cv2.INTER_LANCZOS4)  # Lanczos via OpenCV
        return i, j, torch.from_numpy(scaled).to(device)
    
    plane_jobs = [(i, j, tensor[i, j], th, tw, tensor.device) 
                for i in range(b) for j in range(c)]
    
    # threads
    with ThreadPoolExecutor() as pool:
        for i, j, scaled_t in pool.map(resize_plane, plane_jobs):
            history[i, j] = scaled_t
    return history