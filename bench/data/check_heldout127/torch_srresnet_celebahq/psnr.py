def psnr_batch(y_true, y_pred, max_val=1.0):
    """
    Mean PSNR over the images of a batch.

    Args:
        y_true (Tensor): reference images, [B, C, H, W]
        y_pred (Tensor): restored images, [B, C, H, W]
        max_val (float): peak value (1.0 for images scaled to [0, 1])

    Returns:
        Tensor: PSNR averaged over the batch
    """
    sq = F.mse_loss(y_pred, y_true, reduction='none')
    per_image = sq.view(sq.size(0), -1).mean(dim=1)
    psnr_each = 10 * torch.log10((max_val ** 2) / per_image.clamp(min=1e-10))  # keeps log away from 0
    return psnr_each.mean()
