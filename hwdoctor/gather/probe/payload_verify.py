"""The verify payload: ask the real libraries where they put things (Python 3.8+).

Run after payload_common.py (prepended by the runner), in the target interpreter. Each
library call is a step of its own, so one that raises or hangs is reported while the
others still answer. Nothing here decides anything: it records what transformers and
accelerate return, for hwdoctor to compare with its prediction.
"""

import os
import warnings
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # defined by payload_common.py, which runs first in the same namespace
    from hwdoctor.probe.payload_common import JOB, SCRATCH, fact, finish, step

warnings.simplefilter("ignore")
os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")


def training_arguments():
    from transformers import TrainingArguments

    args = TrainingArguments(output_dir=SCRATCH, use_cpu=JOB["use_cpu"], report_to="none")
    return {
        "device": str(args.device),
        "n_gpu": args.n_gpu,
        "parallel_mode": args.parallel_mode.value,
    }


def partial_state():
    from accelerate.state import PartialState

    state = PartialState()
    return {
        "device": str(state.device),
        "distributed_type": str(state.distributed_type).split(".")[-1],
        "backend": state.backend,
    }


def max_memory():
    """The budgets device_map="auto" starts from: transformers' own get_max_memory from 5.0
    (transformers/integrations/accelerate.py), accelerate's before (4.x modeling_utils
    imports it from accelerate.utils)."""
    try:
        from transformers.integrations.accelerate import get_max_memory
    except ImportError:
        from accelerate.utils import get_max_memory

    return {"keys": [str(key) for key in get_max_memory()]}


def pipeline_device():
    """`pipeline()` without `device`, on a tiny model built from a config (no download).

    The pipeline moves its model to the device it picked; the model here records that
    move instead of making it, so the decision is checked even where the device cannot
    hold weights (or is a test's stand-in for one).
    """
    from transformers import BertConfig, BertModel, BertTokenizer, pipeline

    moved_to = []

    class RecordingBert(BertModel):
        def to(self, *args, **kwargs):
            moved_to.append(str(args[0]) if args else str(kwargs.get("device")))
            return self

    # transformers 5.0 reads the source file of a model class's module when it builds one;
    # under `python -c` this class's module (__main__) has none, so it stands in BertModel's.
    RecordingBert.__module__ = BertModel.__module__

    vocab = os.path.join(SCRATCH, "vocab.txt")
    with open(vocab, "w") as handle:
        handle.write("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "hello"]) + "\n")
    config = BertConfig(
        vocab_size=6,
        hidden_size=8,
        num_hidden_layers=1,
        num_attention_heads=2,
        intermediate_size=16,
    )
    pipe = pipeline(
        "feature-extraction", model=RecordingBert(config), tokenizer=BertTokenizer(vocab)
    )
    return {"device": str(pipe.device), "moved_to": moved_to}


# pipeline() first: under a launcher, TrainingArguments initialises torch.distributed, after
# which a pipeline keeps the model where it is; a user script making one call sees neither.
CALLS = (
    ("pipeline", pipeline_device),
    ("get_max_memory", max_memory),
    ("PartialState", partial_state),
    ("TrainingArguments", training_arguments),
)


def main():
    for name, call in CALLS:
        ok, result, _ = step(name, call)
        if ok:
            fact(name, result)


main()
finish()
