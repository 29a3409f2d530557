import torch


def train_epoch(seq_model, train_loader, ce_loss, adam_opt, zh_vocab_size):
    epoch_loss_sum = 0.0
    for en_ids, zh_ids in train_loader:
        logits = seq_model(en_ids, zh_ids)
        step_loss = ce_loss(logits[:, 1:].reshape(-1, zh_vocab_size), zh_ids[:, 1:].reshape(-1))
        epoch_loss_sum += step_loss
        step_loss.backward()
        adam_opt.step()
        adam_opt.zero_grad()  # clear the parameter gradients
    return epoch_loss_sum


def valid_epoch(seq_model, valid_loader, ce_loss,  zh_vocab_size):
    epoch_loss_sum = 0.0
    for en_ids, zh_ids in valid_loader:
        logits = seq_model(en_ids, zh_ids)
        with torch.no_grad():
            step_loss = ce_loss(logits[:, 1:].reshape(-1, zh_vocab_size), zh_ids[:, 1:].reshape(-1))
            epoch_loss_sum += step_loss
    return epoch_loss_sum
