# Interruption handling: EventBridge forwards the EC2 and Health events Karpenter acts on to an
# encrypted SQS queue that the controller polls (Helm value interruptionQueue / interruptionQueueName).

resource "aws_sqs_queue" "interruption" {
  name                      = local.queue_name
  message_retention_seconds = 300
  sqs_managed_sse_enabled   = true
  tags                      = local.tags
}

resource "aws_sqs_queue_policy" "interruption" {
  queue_url = aws_sqs_queue.interruption.url
  # EventBridge and SQS may send, nothing without TLS (aws.json iam.queue_policy).
  policy = jsonencode(local.aws.iam.queue_policy)
}

locals {
  # Detail types exactly as AWS spells them in the events; the rules of upstream's getting-started
  # template of the pinned release. Which of them a cluster gets (the capacity reservation warning:
  # Karpenter 1.x only) and their names: aws.json's interruption_rules.
  interruption_events = {
    health = {
      description = "AWS Health events (scheduled maintenance)"
      pattern     = { source = ["aws.health"], "detail-type" = ["AWS Health Event"] }
    }
    spot-interruption = {
      description = "EC2 Spot Instance Interruption Warning"
      pattern     = { source = ["aws.ec2"], "detail-type" = ["EC2 Spot Instance Interruption Warning"] }
    }
    rebalance = {
      description = "EC2 Instance Rebalance Recommendation"
      pattern     = { source = ["aws.ec2"], "detail-type" = ["EC2 Instance Rebalance Recommendation"] }
    }
    instance-state-change = {
      description = "EC2 Instance State-change Notification"
      pattern     = { source = ["aws.ec2"], "detail-type" = ["EC2 Instance State-change Notification"] }
    }
    capacity-reservation = {
      description = "EC2 Capacity Reservation Instance Interruption Warning"
      pattern     = { source = ["aws.ec2"], "detail-type" = ["EC2 Capacity Reservation Instance Interruption Warning"] }
    }
  }
  # Which rules exist and their names come from aws.json: one naming implementation, in the generator.
  interruption_rules = { for key, rule_name in local.aws.interruption_rules : key => merge(local.interruption_events[key], { name = rule_name }) }
}

resource "aws_cloudwatch_event_rule" "interruption" {
  for_each      = local.interruption_rules
  name          = each.value.name
  description   = "Karpenter interruption handling for ${local.cluster_name}: ${each.value.description}"
  event_pattern = jsonencode(each.value.pattern)
  tags          = local.tags
}

resource "aws_cloudwatch_event_target" "interruption" {
  for_each  = local.interruption_rules
  rule      = aws_cloudwatch_event_rule.interruption[each.key].name
  target_id = "karpenter-interruption-queue"
  arn       = aws_sqs_queue.interruption.arn
}
