from .session_data import SessionClicks, ParallelSessionBatches
from .gru_net import GRUSessionNet
from .ranking_metrics import mrr_at_k, recall_at_k, recall_mrr_at_k
from .scoring import Scorer
from .optim_factory import OptimFactory
from .rank_losses import RankLoss,SampledSoftmaxLoss, PairBPRLoss, PairTOP1Loss
from .fit_loop import FitLoop
from .scoring import Scorer