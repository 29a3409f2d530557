from tqdm import tqdm

def predict_all(loader, det, dev):
    preds = []
    for imgs in tqdm(loader):
        # move the batch to the device
        imgs = list(im.to(dev) for im in imgs)
        out = det(imgs)
        for o in out:
            preds.append({'boxes': o['boxes'].tolist(), 'scores': o['scores'].tolist(), 'labels': o['labels'].tolist()})
    return preds
