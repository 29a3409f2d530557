import torch

# SR: predicted mask (probabilities)
# GT: reference mask

def mask_accuracy(pred,ref,thr=0.5):
    pred = pred > thr
    ref = ref == torch.max(ref)
    n_match = torch.sum(pred==ref)
    n_pixels = pred.size(0)*pred.size(1)*pred.size(2)*pred.size(3)
    accuracy = float(n_match)/float(n_pixels)

    return accuracy

def mask_sensitivity(pred,ref,thr=0.5):
    # recall
    pred = pred > thr
    ref = ref == torch.max(ref)

    # TP: hits
    # FN: misses
    tp = ((pred==1)+(ref==1))==2
    fn = ((pred==0)+(ref==1))==2

    sens = float(torch.sum(tp))/(float(torch.sum(tp+fn)) + 1e-6)     
    
    return sens

def mask_specificity(pred,ref,thr=0.5):
    pred = pred > thr
    ref = ref == torch.max(ref)

    # TN: correct rejections
    # FP: false alarms
    tn = ((pred==0)+(ref==0))==2
    fp = ((pred==1)+(ref==0))==2

    spec = float(torch.sum(tn))/(float(torch.sum(tn+fp)) + 1e-6)
    
    return spec

def mask_precision(pred,ref,thr=0.5):
    pred = pred > thr
    ref = ref == torch.max(ref)

    # TP: hits
    # FP: false alarms
    tp = ((pred==1)+(ref==1))==2
    fp = ((pred==1)+(ref==0))==2

    prec = float(torch.sum(tp))/(float(torch.sum(tp+fp)) + 1e-6)

    return prec

def mask_f1(pred,ref,thr=0.5):
    # recall
    sens = mask_sensitivity(pred,ref,thr=thr)
    prec = mask_precision(pred,ref,thr=thr)

    f1 = 2*sens*prec/(sens+prec + 1e-6)

    return f1

def mask_jaccard(pred,ref,thr=0.5):
    # Jaccard index
    pred = pred > thr
    ref = ref == torch.max(ref)
    
    overlap = torch.sum((pred+ref)==2)
    union = torch.sum((pred+ref)>=1)
    
    jacc = float(overlap)/(float(union) + 1e-6)
    
    return jacc

def mask_dice(pred,ref,thr=0.5):
    # Dice score
    pred = pred > thr
    ref = ref == torch.max(ref)

    overlap = torch.sum((pred+ref)==2)
    dice = float(2*overlap)/(float(torch.sum(pred)+torch.sum(ref)) + 1e-6)

    return dice



