from absl import app
from absl import flags
import data
import metric
import model as transe_mod
import os
import storage
import torch
import torch.optim as optim
from torch.utils import data as tud
from torch.utils import tensorboard
from typing import Tuple

FLAGS = flags.FLAGS
flags.DEFINE_float("lr", default=0.01, help="SGD step size.")
flags.DEFINE_integer("seed", default=1234, help="RNG seed.")
flags.DEFINE_integer("batch_size", default=128, help="triples per training batch.")
flags.DEFINE_integer("validation_batch_size", default=64, help="triples per ranking batch.")
flags.DEFINE_integer("vector_length", default=50, help="embedding width.")
flags.DEFINE_float("margin", default=1.0, help="hinge margin.")
flags.DEFINE_integer("norm", default=1, help="p of the distance norm.")
flags.DEFINE_integer("epochs", default=2000, help="epoch count.")
flags.DEFINE_string("dataset_path", default="./synth_data", help="folder with train/valid/test.txt.")
flags.DEFINE_bool("use_gpu", default=True, help="run on CUDA.")
flags.DEFINE_integer("validation_freq", default=10, help="ranking eval period in epochs.")
flags.DEFINE_string("checkpoint_path", default="", help="resume from this checkpoint if set.")
flags.DEFINE_string("tensorboard_log_dir", default="./runs", help="tensorboard folder.")

H1 = float
H3 = float
H10 = float
MRR_T = float
Scores = Tuple[H1, H3, H10, MRR_T]


def rank_eval(model: torch.nn.Module, data_generator: tud.DataLoader, entities_count: int,
         summary_writer: tensorboard.SummaryWriter, device: torch.device, epoch_id: int, metric_suffix: str,
         ) -> Scores:
    n_seen = 0.0
    h1 = 0.0
    h3 = 0.0
    h10 = 0.0
    rr = 0.0

    ent_row = torch.arange(end=entities_count, device=device).unsqueeze(0)
    for h, r, t in data_generator:
        b = h.size()[0]

        h, r, t = h.to(device), r.to(device), t.to(device)
        cand = ent_row.repeat(b, 1)
        h_rep = h.reshape(-1, 1).repeat(1, cand.size()[1])
        r_rep = r.reshape(-1, 1).repeat(1, cand.size()[1])
        t_rep = t.reshape(-1, 1).repeat(1, cand.size()[1])

        # score every entity as the tail
        trip = torch.stack((h_rep, r_rep, cand), dim=2).reshape(-1, 3)
        tail_scores = model.predict(trip).reshape(b, -1)
        # score every entity as the head
        trip = torch.stack((cand, r_rep, t_rep), dim=2).reshape(-1, 3)
        head_scores = model.predict(trip).reshape(b, -1)

        # stack both directions
        scores = torch.cat((tail_scores, head_scores), dim=0)
        gold = torch.cat((t.reshape(-1, 1), h.reshape(-1, 1)))

        h1 += metric.hit_at_k(scores, gold, device=device, k=1)
        h3 += metric.hit_at_k(scores, gold, device=device, k=3)
        h10 += metric.hit_at_k(scores, gold, device=device, k=10)
        rr += metric.mrr(scores, gold)

        n_seen += scores.size()[0]

    s1 = h1 / n_seen * 100
    s3 = h3 / n_seen * 100
    s10 = h10 / n_seen * 100
    srr = rr / n_seen * 100
    summary_writer.add_scalar('Metrics/Hits_1/' + metric_suffix, s1, global_step=epoch_id)
    summary_writer.add_scalar('Metrics/Hits_3/' + metric_suffix, s3, global_step=epoch_id)
    summary_writer.add_scalar('Metrics/Hits_10/' + metric_suffix, s10, global_step=epoch_id)
    summary_writer.add_scalar('Metrics/MRR/' + metric_suffix, srr, global_step=epoch_id)

    return s1, s3, s10, srr


def main(_):
    torch.random.manual_seed(FLAGS.seed)
    torch.backends.cudnn.deterministic = True
    torch.backends.cudnn.benchmark = False

    root = FLAGS.dataset_path
    tr_file = os.path.join(root, "train.txt")
    va_file = os.path.join(root, "valid.txt")
    te_file = os.path.join(root, "test.txt")

    ent_ix, rel_ix = data.create_mappings(tr_file)

    bs = FLAGS.batch_size
    emb_dim = FLAGS.vector_length
    gap = FLAGS.margin
    p_norm = FLAGS.norm
    step_size = FLAGS.lr
    n_epochs = FLAGS.epochs
    device = torch.device('cuda') if FLAGS.use_gpu else torch.device('cpu')

    tr_set = data.FB15KDataset(tr_file, ent_ix, rel_ix)
    tr_loader = tud.DataLoader(tr_set, batch_size=bs)
    va_set = data.FB15KDataset(va_file, ent_ix, rel_ix)
    va_loader = tud.DataLoader(va_set, batch_size=FLAGS.validation_batch_size)
    te_set = data.FB15KDataset(te_file, ent_ix, rel_ix)
    te_loader = tud.DataLoader(te_set, batch_size=FLAGS.validation_batch_size)

    model = transe_mod.TransE(entity_count=len(ent_ix), relation_count=len(rel_ix), dim=emb_dim,
                                    margin=gap,
                                    device=device, norm=p_norm)
    model = model.to(device)
    opt = optim.SGD(model.parameters(), lr=step_size)

    summary_writer = tensorboard.SummaryWriter(log_dir=FLAGS.tensorboard_log_dir)
    first_ep = 1
    gstep = 0
    best = 0.0

    if FLAGS.checkpoint_path:
        first_ep, gstep, best = storage.load_checkpoint(FLAGS.checkpoint_path, model, opt)

    print(model)

    # fit
    for epoch_id in range(first_ep, n_epochs + 1):
        print("epoch ", epoch_id)
        n_active = 0
        n_total = 0
        model.train()

        for bh, br, bt in tr_loader:
            bh, br, bt = (bh.to(device), br.to(device),
                                                         bt.to(device))

            pos = torch.stack((bh, br, bt), dim=1)

            # corrupt the triples
            # coin per triple: 1 swaps the head, 0 swaps the tail
            flip = torch.randint(high=2, size=bh.size(), device=device)
            rand_ent = torch.randint(high=len(ent_ix), size=bh.size(), device=device)
            neg_h = torch.where(flip == 1, rand_ent, bh)
            neg_t = torch.where(flip == 0, rand_ent, bt)
            neg = torch.stack((neg_h, br, neg_t), dim=1)

            opt.zero_grad()

            loss, dpos, dneg = model(pos, neg)
            loss.mean().backward()

            summary_writer.add_scalar('Loss/train', loss.mean().data.cpu().numpy(), global_step=gstep)
            summary_writer.add_scalar('Distance/positive', dpos.sum().data.cpu().numpy(), global_step=gstep)
            summary_writer.add_scalar('Distance/negative', dneg.sum().data.cpu().numpy(), global_step=gstep)

            loss = loss.data.cpu()
            n_active += loss.nonzero().size()[0]
            n_total += loss.size()[0]

            opt.step()
            gstep += 1

        summary_writer.add_scalar('Metrics/loss_impacting_samples', n_active / n_total * 100,
                                  global_step=epoch_id)

        if epoch_id % FLAGS.validation_freq == 0:
            model.eval()
            _, _, h10, _ = rank_eval(model=model, data_generator=va_loader,
                                       entities_count=len(ent_ix),
                                       device=device, summary_writer=summary_writer,
                                       epoch_id=epoch_id, metric_suffix="val")
            val_h10 = h10
            if val_h10 > best:
                best = val_h10
                storage.save_checkpoint(model, opt, epoch_id, gstep, best)

    # reload the best weights and rank the test split
    storage.load_checkpoint("checkpoint.tar", model, opt)
    final_net = model.to(device)
    final_net.eval()
    final = rank_eval(model=final_net, data_generator=te_loader, entities_count=len(ent_ix), device=device,
                  summary_writer=summary_writer, epoch_id=1, metric_suffix="test")
    print("held-out scores: ", final)


if __name__ == '__main__':
    app.run(main)
