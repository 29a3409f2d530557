import torch
from torch.utils.data import DataLoader
from transformers import AdamW
from tqdm import tqdm
from transformers import BertForQuestionAnswering
import numpy as np


def fit_span_model(
    tr_set,
    tok,
    epochs=20,
    pretrained_model_name="shahrukhx01/chemical-bert-uncased",
    save_model_name="chemical-bert-uncased-squad",
):
    def skip_bad_collate(items):
        n_in = len(items)
        items = list(filter(lambda z: z is not None, items))

        if n_in > len(items):
            n_all = len(tr_set)
            missing = n_in - len(items)
            while missing != 0:
                extra = tr_set[np.random.randint(0, n_all)]
                if extra is None:
                    continue
                items.append(extra)
                missing -= 1

        return torch.utils.data.dataloader.default_collate(items)

    net = BertForQuestionAnswering.from_pretrained(pretrained_model_name)

    # pick the device
    dev = torch.device("cuda") if torch.cuda.is_available() else torch.device("cpu")
    # put the weights there
    net.to(dev)
    # training mode
    net.train()
    # AdamW optimizer
    opt = AdamW(net.parameters(), lr=5e-5)

    # shuffled loader over the train encodings
    tr_loader = DataLoader(
        tr_set, batch_size=16, shuffle=True, collate_fn=skip_bad_collate
    )

    for ep in range(epochs):
        # training mode again each epoch
        net.train()
        # progress bar
        bar = tqdm(tr_loader, leave=True)
        for mb in bar:
            try:
                # clear old gradients
                opt.zero_grad()
                # move the batch fields
                ids = mb["input_ids"].to(dev)
                mask = mb["attention_mask"].to(dev)
                s_pos = mb["start_positions"].to(dev)
                e_pos = mb["end_positions"].to(dev)
                # forward with span targets
                out = net(
                    ids,
                    attention_mask=mask,
                    start_positions=s_pos,
                    end_positions=e_pos,
                )
                # first output is the loss
                loss = out[0]
                # backprop
                loss.backward()
                # step
                opt.step()
                # show progress
                bar.set_description(f"ep {ep}")
                bar.set_postfix(loss=loss.item())
            except:
                continue

        net.save_pretrained(f"{save_model_name}_{ep}")
        tok.save_pretrained(f"{save_model_name}_{ep}")

    return net, dev
